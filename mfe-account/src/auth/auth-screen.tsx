import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useVisitorAuthEvent, useVisitorSession } from '@agentdock/session/visitor';
import { Alert, Spinner } from '@agentdock/ui';
import { AuthCard } from './auth-card';
import { type AuthView, VIEW_PARAM, viewFromSearch } from './auth-views';
import { useFocusHeadingOnChange } from './focus-heading';
import { PasswordChanged } from './password-changed';
import { Redirecting } from './redirecting';
import { returnPath, withReturnUrl } from './return-url';
import { type ViewLinkState, type ViewNav, ViewNavProvider } from './view-nav';

// The views a visitor reaches from a link, a recovery session or a second sign-in step load when
// shown: /signin and /signup carry only their own form at first view (~2.5 KB gzipped less each).
// The server renders them all the same (its render waits for them), and the card's heading is
// focused once a lazily loaded view has drawn it (useFocusHeadingOnChange waits for it).
const ResetRequest = lazy(() => import('./reset-request').then((module) => ({ default: module.ResetRequest })));
const MagicLinkView = lazy(() => import('./views/magic-link-view').then((module) => ({ default: module.MagicLinkView })));
const VerifyOtpView = lazy(() => import('./views/verify-otp-view').then((module) => ({ default: module.VerifyOtpView })));
const UpdatePasswordView = lazy(() => import('./views/update-password-view').then((module) => ({ default: module.UpdatePasswordView })));
const MfaStepView = lazy(() => import('../security/mfa-step-view').then((module) => ({ default: module.MfaStepView })));

const VIEW_LOADING = <Spinner label="Loading…" />;

interface AuthScreenProps {
  title: string;
  lead: string;
  /** The view this page is named after: sign_in on /signin, sign_up on /signup. */
  home: 'sign_in' | 'sign_up';
  /** That view's form, which the page imports itself: it is the one shown at first view. */
  HomeView: ComponentType<{ initialEmail?: string }>;
}

const HOME_PATHS = { sign_in: '/signin', sign_up: '/signup' } as const;

/**
 * /signin and /signup: the auth views and the links between them. Each view has its own URL
 * (?view=…, keeping the returnUrl), so Back returns to the form. A recovery session (the
 * password-recovery event) shows update_password; the new password ends it (the user-updated
 * event), and the signed-in visitor is redirected like any other.
 */
export function AuthScreen({ title, lead, home, HomeView }: AuthScreenProps) {
  const location = useLocation();
  const { search } = location;
  // The light entry: the session client loads when a session may exist or a form needs it.
  const { status, recovery } = useVisitorSession();
  const email = useCarriedEmail(location.state as ViewLinkState | null);
  const card = useRef<HTMLDivElement>(null);
  const [passwordChanged, setPasswordChanged] = useState(false);
  useVisitorAuthEvent((event) => {
    if (event === 'USER_UPDATED') setPasswordChanged(true);
  });

  const returnUrl = returnPath(search);
  const nav = useMemo<ViewNav>(
    () => ({
      returnUrl,
      email,
      hrefFor: (target) => {
        if (target === 'sign_in' || target === 'sign_up') return withReturnUrl(HOME_PATHS[target], search);
        const query = new URLSearchParams({ [VIEW_PARAM]: target });
        if (returnUrl) query.set('returnUrl', returnUrl);
        return `${HOME_PATHS[home]}?${query.toString()}`;
      },
    }),
    [home, returnUrl, search, email],
  );

  const shown: AuthView = recovery ? 'update_password' : viewFromSearch(search, home);
  useFocusHeadingOnChange(card, status === 'loading' ? null : passwordChanged ? 'password_changed' : shown);

  if (status === 'loading') {
    return (
      <AuthCard title={title}>
        <Spinner label="Checking your session…" />
      </AuthCard>
    );
  }
  if (status === 'mfa-required') {
    return (
      <AuthCard ref={card} title={title}>
        <Suspense fallback={VIEW_LOADING}>
          <MfaStepView />
        </Suspense>
      </AuthCard>
    );
  }
  if (passwordChanged && status === 'signed-in') {
    return (
      <AuthCard ref={card}>
        <PasswordChanged next={returnUrl ?? '/dashboard'} />
      </AuthCard>
    );
  }
  if (status === 'signed-in' && !recovery) {
    return (
      <AuthCard title={title}>
        <Redirecting to={returnUrl ?? '/dashboard'} />
      </AuthCard>
    );
  }

  // A sub-view brings its own h1; 'Welcome back!' belongs to the page's own form only.
  const isHome = shown === home;
  const notice = (location.state as ViewLinkState | null)?.notice;
  return (
    <AuthCard ref={card} title={isHome ? title : undefined} lead={isHome ? lead : undefined}>
      {notice && <Alert variant="success">{notice}</Alert>}
      <ViewNavProvider value={nav}>
        {isHome ? (
          <HomeView initialEmail={email} />
        ) : (
          <Suspense fallback={VIEW_LOADING}>
            {shown === 'forgotten_password' && <ResetRequest initialEmail={email} />}
            {shown === 'magic_link' && <MagicLinkView initialEmail={email} />}
            {shown === 'verify_otp' && <VerifyOtpView initialEmail={email} />}
            {shown === 'update_password' && <UpdatePasswordView title="Choose a new password" />}
          </Suspense>
        )}
      </ViewNavProvider>
    </AuthCard>
  );
}

/** The address the last link between views carried; it outlives Back, which restores an entry without one. */
function useCarriedEmail(state: ViewLinkState | null): string {
  const carried = state?.email;
  const [email, setEmail] = useState(carried ?? '');
  useEffect(() => {
    if (carried) setEmail(carried);
  }, [carried]);
  return carried ?? email;
}
