import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '@agentdock/session';
import { Spinner } from '@agentdock/ui';
import { AuthCard } from './auth-card';
import type { AuthView } from './auth-views';
import { Redirecting } from './redirecting';
import { returnPath, withReturnUrl } from './return-url';
import { type ViewNav, ViewNavProvider } from './view-nav';
import { ForgottenPasswordView } from './views/forgotten-password-view';
import { MagicLinkView } from './views/magic-link-view';
import { SignInView } from './views/sign-in-view';
import { SignUpView } from './views/sign-up-view';
import { UpdatePasswordView } from './views/update-password-view';
import { VerifyOtpView } from './views/verify-otp-view';
import { MfaStepView } from '../security/mfa-step-view';

interface AuthScreenProps {
  title: string;
  lead: string;
  /** The view this page is named after: sign_in on /signin, sign_up on /signup. */
  home: 'sign_in' | 'sign_up';
}

/**
 * /signin and /signup: the auth views and the links between them. A recovery session (the
 * password-recovery event) shows update_password; the new password ends it (the user-updated
 * event), and the signed-in visitor is redirected like any other.
 */
export function AuthScreen({ title, lead, home }: AuthScreenProps) {
  const { search } = useLocation();
  const { status, recovery } = useSession();
  const [view, setView] = useState<AuthView>(home);
  // Focus follows a switch of view on this page, never the first render.
  const [switched, setSwitched] = useState(false);

  const returnUrl = returnPath(search);
  const nav = useMemo<ViewNav>(
    () => ({
      returnUrl,
      hrefFor: (target) => {
        if (target === 'sign_in' && home === 'sign_up') return withReturnUrl('/signin', search);
        if (target === 'sign_up' && home === 'sign_in') return withReturnUrl('/signup', search);
        return null;
      },
      goTo: (target) => {
        setView(target);
        setSwitched(true);
      },
    }),
    [home, returnUrl, search],
  );

  if (status === 'loading') {
    return (
      <AuthCard title={title}>
        <Spinner label="Checking your session…" />
      </AuthCard>
    );
  }
  if (status === 'mfa-required') return <AuthCard title={title}><MfaStepView /></AuthCard>;
  if (status === 'signed-in' && !recovery) {
    return (
      <AuthCard title={title}>
        <Redirecting to={returnUrl ?? '/dashboard'} />
      </AuthCard>
    );
  }

  const shown: AuthView = recovery ? 'update_password' : view;
  return (
    <AuthCard title={title} lead={shown === home ? lead : undefined}>
      <ViewNavProvider value={nav}>
        {shown === 'sign_in' && <SignInView title={home === 'sign_in' ? undefined : 'Sign in'} focusOnMount={switched} />}
        {shown === 'sign_up' && <SignUpView title={home === 'sign_up' ? undefined : 'Sign up'} focusOnMount={switched} />}
        {shown === 'forgotten_password' && <ForgottenPasswordView focusOnMount={switched} />}
        {shown === 'magic_link' && <MagicLinkView focusOnMount={switched} />}
        {shown === 'verify_otp' && <VerifyOtpView focusOnMount={switched} />}
        {shown === 'update_password' && <UpdatePasswordView title="Choose a new password" focusOnMount={switched} />}
      </ViewNavProvider>
    </AuthCard>
  );
}
