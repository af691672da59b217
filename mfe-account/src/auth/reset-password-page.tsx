import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthEvent, useSession } from '@agentdock/session';
import { Alert, Spinner } from '@agentdock/ui';
import { AuthCard } from './auth-card';
import { useFocusHeadingOnChange } from './focus-heading';
import { PasswordChanged } from './password-changed';
import { sameSitePath } from './return-url';
import { useCodeExchange } from './use-code-exchange';
import { ViewLinks } from './view-nav';
import { UpdatePasswordView } from './views/update-password-view';
import { MfaStepView } from '../security/mfa-step-view';

const NO_LINK = 'Open this page from the link in your password reset email. Reset links work once, in the browser that asked for them.';

/** /reset-password: a recovery link's code becomes a recovery session, then a new password is set. */
export default function ResetPasswordPage() {
  const { search } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const [updated, setUpdated] = useState(false);
  useAuthEvent((event) => {
    if (event === 'USER_UPDATED') setUpdated(true);
  });
  useFocusHeadingOnChange(card, updated);
  if (updated) {
    return (
      <AuthCard ref={card}>
        <PasswordChanged next={sameSitePath(new URLSearchParams(search).get('next')) ?? '/dashboard'} />
      </AuthCard>
    );
  }
  return (
    <AuthCard ref={card} title="Choose a new password">
      <ResetPasswordStep />
    </AuthCard>
  );
}

function ResetPasswordStep() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const exchange = useCodeExchange(code);
  const { status } = useSession();

  if (exchange.status === 'exchanging' || (!code && status === 'loading')) return <Spinner label="Checking your reset link…" />;
  if (status === 'mfa-required') return <MfaStepView />;
  // Any session may set a new password: the recovery session of the link, or a signed-in visitor's own.
  if (exchange.status === 'failed' || status !== 'signed-in') {
    return (
      <>
        <Alert variant="error">{exchange.status === 'failed' ? exchange.message : NO_LINK}</Alert>
        <ViewLinks>
          <li>
            <Link to="/forgot-password">Request a new reset link</Link>
          </li>
        </ViewLinks>
      </>
    );
  }
  return <UpdatePasswordView />;
}
