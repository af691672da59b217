import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@agentdock/session';
import { Alert, emailConfirmedState, LinkButton, signInHref, Spinner } from '@agentdock/ui';
import { AuthCard } from './auth-card';
import { ResendConfirmation } from './resend-confirmation';
import { sameSitePath } from './return-url';
import { useCodeExchange } from './use-code-exchange';
import type { ViewLinkState } from './view-nav';

const AUTHENTICATION_ERROR = 'Authentication error. Please try again.';
const EMAIL_CONFIRMED = 'Email confirmed. Sign in to continue.';
const OPENED_ELSEWHERE = 'This sign-in link was opened in another browser than the one that asked for it. Sign in here with a code we email you.';

/**
 * /auth/callback: where confirmation and magic links land. Exchanges the link's code, then goes
 * to the link's `next` page or /dashboard; without a code, to /dashboard or /signin by session.
 * Opened in another browser than the one that asked (no PKCE verifier here), a confirmation link
 * still confirms the address and leads to the sign-in form, and a sign-in link to signing in here
 * with an emailed code: never a dead end.
 */
export default function AuthCallbackPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const exchange = useCodeExchange(code, { openElsewhere: true });
  const { status, recovery } = useSession();

  /** A recovery session chooses its new password first. */
  function afterExchange(): string | null {
    if (exchange.status !== 'done') return null;
    // The account has a second factor: its step is on the sign-in page.
    if (status === 'mfa-required') return signInHref(sameSitePath(params.get('next')));
    return recovery ? '/reset-password' : (sameSitePath(params.get('next')) ?? '/dashboard');
  }

  function afterCheck(): string | null {
    if (status === 'loading') return null;
    return status === 'signed-in' ? '/dashboard' : '/signin';
  }

  if (exchange.status === 'elsewhere') {
    const next = sameSitePath(params.get('next'));
    // A confirmation link confirmed the address; the sign-in form, its address filled in, is next.
    if (exchange.purpose === 'signup' && exchange.emailConfirmed) {
      return <Navigate to={signInHref(next)} state={{ email: exchange.email, notice: EMAIL_CONFIRMED } satisfies ViewLinkState} replace />;
    }
    // A sign-in link belongs to the browser that asked for it: this one signs in with a fresh emailed code.
    const otp = `/signin?${new URLSearchParams({ view: 'verify_otp', ...(next ? { returnUrl: next } : {}) }).toString()}`;
    return <Navigate to={otp} state={{ email: exchange.email, notice: OPENED_ELSEWHERE } satisfies ViewLinkState} replace />;
  }

  if (exchange.status === 'failed') {
    return (
      // The spec's fixed sentence first, then what the service said went wrong with this link.
      <AuthCard title="Authentication Error" lead={AUTHENTICATION_ERROR}>
        <Alert variant="error">{exchange.message}</Alert>
        {/* A confirmation link that fails here (opened in another browser, expired) strands the account. */}
        {params.get('type') === 'signup' && <ResendConfirmation redirectTo={sameSitePath(params.get('next')) ?? undefined} />}
        <div>
          <LinkButton to="/signin">Go to Sign In</LinkButton>
        </div>
      </AuthCard>
    );
  }

  const destination = code ? afterExchange() : afterCheck();
  return (
    <AuthCard title="Completing Authentication" lead="Please wait while we complete your sign in...">
      <Spinner label="Signing you in…" />
      {/* A confirmation link's landing page says the address is confirmed. */}
      {destination && <Navigate to={destination} replace state={code && params.get('type') === 'signup' && !recovery ? emailConfirmedState() : undefined} />}
    </AuthCard>
  );
}
