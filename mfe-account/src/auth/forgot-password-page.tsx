import { useLocation } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { ResetRequest } from './reset-request';
import { type ViewLinkState, ViewNavProvider } from './view-nav';

const NAV = { hrefFor: () => '/signin', returnUrl: null, email: '' };

/** /forgot-password: asks for the address, sends the recovery email, then says to check it. */
export default function ForgotPasswordPage() {
  const { state } = useLocation();
  return (
    <AuthCard>
      <ViewNavProvider value={NAV}>
        <ResetRequest initialEmail={(state as ViewLinkState | null)?.email} />
      </ViewNavProvider>
    </AuthCard>
  );
}
