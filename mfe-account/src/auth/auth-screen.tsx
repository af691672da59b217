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
// The view a page's address names is loaded before the page first renders (`loadViewOf`): a served
// page then hydrates it with the rest of the card. Lazy there, the page was interactive (its clicks
// released) while that view's form still had no handlers, and a quick submit went out as a native
// GET with the typed address in the URL.
const ResetRequest = viewLoadedWhenShown(() => import('./reset-request').then((module) => module.ResetRequest));
const MagicLinkView = viewLoadedWhenShown(() => import('./views/magic-link-view').then((module) => module.MagicLinkView));
const VerifyOtpView = viewLoadedWhenShown(() => import('./views/verify-otp-view').then((module) => module.VerifyOtpView));
const UpdatePasswordView = viewLoadedWhenShown(() => import('./views/update-password-view').then((module) => module.UpdatePasswordView));
const VIEWS_BY_NAME: Partial<Record<AuthView, { load(): Promise<unknown> }>> = {
  forgotten_password: ResetRequest,
  magic_link: MagicLinkView,
  verify_otp: VerifyOtpView,
  update_password: UpdatePasswordView,
};
const MfaStepView = lazy(() => import('../security/mfa-step-view').then((module) => ({ default: module.MfaStepView })));

const VIEW_LOADING = <Spinner label="Loading…" />;

/** A view loaded when first shown, or before with `load`; once loaded it renders at once, hydration included, without suspending. */
function viewLoadedWhenShown<TProps extends object>(load: () => Promise<ComponentType<TProps>>) {
  let loaded: ComponentType<TProps> | undefined;
  const loadView = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => loadView().then((component) => ({ default: component })));
  function View(props: TProps) {
    const Loaded = loaded ?? (Lazy as unknown as ComponentType<TProps>);
    return <Loaded {...props} />;
  }
  return Object.assign(View, { load: loadView });
}

/** Loads the view `search` names on the `home` page (none for the page's own form), so its first render does not wait for it. */
export function loadViewOf(search: string, home: 'sign_in' | 'sign_up'): Promise<unknown> {
  return VIEWS_BY_NAME[viewFromSearch(search, home)]?.load() ?? Promise.resolve();
}

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
