import type { ApiClient } from '@agentdock/api-client';
import type { LinkOpened, ProfilePatch } from '@agentdock/contracts';
import { accessTokenSource } from './access-token';
import { createChallengeSlot } from './challenge-slot';
import { createEmailLinks } from './email-links';
import { takeCodeVerifier, type KeyValueStorage } from './pkce';
import { createRefreshScheduler } from './refresh-scheduler';
import { retryingLazy } from './retrying-lazy';
import { createSecondStep, type SignInOutcome } from './second-step';
import { createSessionHolder } from './session-holder';
import { createRefresher } from './session-refresher';
import { browserStorage, createSessionHint } from './session-hint';
import { sharedByKey } from './shared-by-key';
import { createStateStore, SIGNED_OUT } from './state-store';
import { tabMessageHandler } from './tab-messages';
import { browserTabChannel, browserTabLock, type TabChannel, type TabLock } from './tab-sync';
import type { Transport } from './transport';
import { createUserCalls } from './user-calls';
import { refreshWhenVisible } from './visibility-refresh';
import type { AuthChangeEvent, AuthStateListener, Session, SessionState, UserProfile } from './types';

export type { SignInOutcome };

/** How many emailed-link codes a page remembers the exchange of (a page opens one or two). */
export const REMEMBERED_EXCHANGES = 8;

export interface SessionClientOptions {
  /** Origin of the gateway; '' is the page's own. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Holds the PKCE verifier and the signed-in hint; null keeps nothing. */
  storage?: KeyValueStorage | null;
  crypto?: Crypto;
  channel?: TabChannel | null;
  lock?: TabLock | null;
  now?: () => number;
  /** Whether to refresh when the tab becomes visible again (background timers are throttled). */
  watchVisibility?: boolean;
}

export interface SignUpParams {
  email: string;
  password: string;
  fullName?: string;
  /** Path on this site to land on after confirming (the link goes through /auth/callback). */
  redirectTo?: string;
}

export interface SessionClient {
  getState(): SessionState;
  /** For useSyncExternalStore: called after every state change. */
  subscribe(onChange: () => void): () => void;
  /**
   * Auth events with the new state. Subscribing after the first check also delivers
   * INITIAL_SESSION with the current state.
   */
  onAuthStateChange(listener: AuthStateListener): () => void;
  /** Settles when the first session check of the page has ended. */
  ready: Promise<void>;
  /** Sends the confirmation email; there is no session until its link is opened. */
  signUp(params: SignUpParams): Promise<void>;
  /** Emails a fresh confirmation link to an account that is still unconfirmed (the answer is the same for any address). */
  resendConfirmation(params: { email: string; redirectTo?: string }): Promise<void>;
  /** Every first factor may end in status 'mfa-required' instead of a session: then call verifyMfa. */
  signInWithPassword(params: { email?: string; phone?: string; password: string }): Promise<SignInOutcome>;
  /** Emails a 6-digit code; says how many minutes it stays valid. */
  signInWithOtp(params: { email: string }): Promise<{ expiresInMinutes: number }>;
  verifyOtp(params: { email: string; code: string }): Promise<SignInOutcome>;
  signInWithMagicLink(params: { email: string; redirectTo?: string }): Promise<void>;
  /** Emails a link to /reset-password. */
  resetPasswordForEmail(params: { email: string }): Promise<void>;
  /** Turns an emailed link's code into a session (PASSWORD_RECOVERY for recovery links). */
  exchangeCodeForSession(code: string): Promise<SignInOutcome>;
  /**
   * An emailed link opened in a browser that did not ask for it (no PKCE verifier here): no
   * session, but a confirmation link confirms the address. Says which kind of link and to whom.
   */
  openLinkElsewhere(code: string): Promise<LinkOpened>;
  /**
   * The second step: an authenticator code or a recovery code. A challenge that is over (too old,
   * too many wrong codes) is refused with 401 `invalid_mfa_challenge`: the page says so and
   * offers cancelMfa, back to the first factor.
   */
  verifyMfa(code: string): Promise<Session>;
  /** Leaves the second step without signing in. */
  cancelMfa(): void;
  /**
   * `currentPassword` is needed unless the session proved the address by email or a second factor
   * a few minutes ago (a reset link's recovery session): 403 `reauthentication_required` otherwise.
   */
  updatePassword(password: string, currentPassword?: string): Promise<UserProfile>;
  updateProfile(patch: ProfilePatch): Promise<UserProfile>;
  /** A new access token from the refresh cookie; null when there is no session any more. */
  refresh(): Promise<Session | null>;
  /** Ends the session here and in every other tab. */
  signOut(): Promise<void>;
  /** A token valid for a while yet, refreshed first if needed; null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Gateway calls as the visitor: bearer token, one retry after a refresh on 401. */
  api: ApiClient;
}

/**
 * The page's session: composed of parts with one job each (the state store, the session holder,
 * the refresh scheduler and refresher, the second step, the calls as the user), wired here.
 */
export function createSessionClient({
  baseUrl = '',
  fetch,
  storage = browserStorage(),
  crypto = globalThis.crypto,
  channel = browserTabChannel(),
  lock = browserTabLock(),
  now = Date.now,
  watchVisibility = typeof document !== 'undefined',
}: SessionClientOptions = {}): SessionClient {
  const hint = createSessionHint(storage);
  const store = createStateStore(hint.present() ? { ...SIGNED_OUT, status: 'loading' } : SIGNED_OUT);
  const challenge = createChallengeSlot();
  const scheduler = createRefreshScheduler(() => void refresh());
  const holder = createSessionHolder({ store, hint, channel, scheduler, challenge, now });
  const exchanges = sharedByKey<SignInOutcome>(REMEMBERED_EXCHANGES);

  const transport = retryingLazy<Transport>(() =>
    import('./transport').then(({ createTransport }) => createTransport({ baseUrl, fetch, getAccessToken, onUnauthorized: async () => Boolean(await refresh()) })),
  );
  const refresh = createRefresher({ holder, store, scheduler, lock, refreshCall: async () => (await transport()).refresh() });
  const ready: Promise<void> = store.get().status === 'loading' ? refresh().then(() => undefined) : Promise.resolve();
  const getAccessToken = accessTokenSource(ready, holder, refresh);

  /** A session the visitor just made by signing in or opening a link. */
  function signedIn(session: Session, event: AuthChangeEvent = 'SIGNED_IN'): Session {
    const recovery = session.kind === 'recovery';
    holder.hold(holder.received(session), recovery ? 'PASSWORD_RECOVERY' : event, { recovery });
    return session;
  }
  const secondStep = createSecondStep({ store, challenge, signedIn });
  const { asUser, api, holdForSignOut } = createUserCalls(transport, store, () => holder.drop('SIGNED_OUT', { broadcast: true }));
  const emailLinks = createEmailLinks(storage, crypto, transport);

  channel?.listen(tabMessageHandler(store, holder));
  if (watchVisibility) refreshWhenVisible(document, holder, refresh);

  /** Waits for the first check, so a new session never races the refresh of the page's old one. */
  async function afterFirstCheck<T>(task: (api: Transport) => Promise<T>): Promise<T> {
    await ready;
    return task(await transport());
  }

  const userUpdated = (user: UserProfile): UserProfile => {
    holder.userUpdated(user);
    return user;
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    onAuthStateChange: store.onAuthStateChange,
    ready,
    signUp: emailLinks.signUp,
    signInWithPassword: (params) => afterFirstCheck(async (t) => secondStep.firstFactorPassed(await t.signInWithPassword(params))),
    signInWithOtp: async ({ email }) => {
      const { expiresInMinutes } = await (await transport()).requestOtp({ email });
      return { expiresInMinutes };
    },
    resendConfirmation: emailLinks.resendConfirmation,
    verifyOtp: (params) => afterFirstCheck(async (t) => secondStep.firstFactorPassed(await t.verifyOtp(params))),
    signInWithMagicLink: emailLinks.sendMagicLink,
    resetPasswordForEmail: emailLinks.sendRecovery,
    exchangeCodeForSession(code) {
      // A code works once; a page that asks twice (React's strict mode, a double click) shares the answer.
      return exchanges.get(code, () => afterFirstCheck(async (t) => secondStep.firstFactorPassed(await t.exchangeCode({ code, codeVerifier: takeCodeVerifier(storage) }))));
    },
    openLinkElsewhere: async (code) => (await transport()).openLink({ code }),
    verifyMfa: (code) => secondStep.verify(code, async (body) => (await transport()).verifyMfa(body)),
    cancelMfa: secondStep.cancel,
    updatePassword: async (password, currentPassword) =>
      userUpdated(await asUser((t) => t.changePassword(currentPassword === undefined ? { password } : { password, currentPassword }))),
    updateProfile: async (patch) => userUpdated(await asUser((t) => t.updateProfile(patch))),
    refresh,
    async signOut() {
      const t = await transport();
      const release = holdForSignOut();
      const revoke = async () => {
        // Signing out always ends the session in this browser; a revoke that did not reach the
        // server leaves only a cookie the server will expire on its own.
        await t.revoke().catch(() => undefined);
        holder.drop('SIGNED_OUT', { broadcast: true });
      };
      try {
        await (lock ? lock.run(revoke) : revoke());
      } finally {
        release();
      }
    },
    getAccessToken,
    api,
  };
}
