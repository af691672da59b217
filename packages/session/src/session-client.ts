import type { ApiClient } from '@agentdock/api-client';
import { IDENTITY_ERROR_CODES, type ProfilePatch, type SignInResult } from '@agentdock/contracts';
import { AuthError } from './auth-error';
import { startPkceFlow, takeCodeVerifier, type KeyValueStorage } from './pkce';
import { EXPIRY_LEEWAY_MS, refreshDelayMs, retryDelayMs } from './refresh-timing';
import { isRefusal } from './refusal';
import { retryingLazy } from './retrying-lazy';
import { eventForRefresh, tabMessageEffect } from './session-events';
import { browserStorage, createSessionHint } from './session-hint';
import { sharedByKey } from './shared-by-key';
import { singleFlight } from './single-flight';
import { createStateStore, SIGNED_OUT } from './state-store';
import { browserTabChannel, browserTabLock, type HeldSession, type TabChannel, type TabLock, type TabMessage } from './tab-sync';
import type { Transport } from './transport';
import type { AuthChangeEvent, AuthStateListener, Session, SessionState, UserProfile } from './types';

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

/** A first factor's outcome: the session, or (the account has a second factor) the step still to take. */
export type SignInOutcome = Session | { mfaRequired: true; /** Epoch seconds. */ expiresAt: number };

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
   * The second step: an authenticator code or a recovery code. A challenge that is over (too old,
   * too many wrong codes) is refused with 401 `invalid_mfa_challenge`: the page says so and
   * offers cancelMfa, back to the first factor.
   */
  verifyMfa(code: string): Promise<Session>;
  /** Leaves the second step without signing in. */
  cancelMfa(): void;
  updatePassword(password: string): Promise<UserProfile>;
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
  const { emit } = store;
  let held: HeldSession | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  const exchanges = sharedByKey<SignInOutcome>(REMEMBERED_EXCHANGES);
  // The second step's challenge stays in this tab's memory: it is worth nothing without a code.
  let challenge: { token: string; expiresAt: number } | null = null;

  const transport = retryingLazy<Transport>(() =>
    import('./transport').then(({ createTransport }) => createTransport({ baseUrl, fetch, getAccessToken, onUnauthorized: async () => Boolean(await refresh()) })),
  );

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), delayMs);
  }

  /** Holds a session, tells the listeners, and (unless it came from one) the other tabs. */
  function hold(next: HeldSession, event: AuthChangeEvent, { recovery = false, broadcast = true } = {}) {
    held = next;
    challenge = null;
    failedAttempts = 0;
    hint.set();
    const { session } = next;
    emit(event, { status: 'signed-in', session, user: session.user, recovery, mfaVerified: session.mfaVerified === true });
    schedule(refreshDelayMs(next.expiresAtMs, session.expiresIn * 1000, now()));
    if (broadcast) channel?.post({ type: 'signed-in', held: next });
  }

  function received(session: Session): HeldSession {
    return { session, expiresAtMs: now() + session.expiresIn * 1000 };
  }

  /** A session the visitor just made by signing in or opening a link. */
  function signedIn(session: Session, event: AuthChangeEvent = 'SIGNED_IN'): Session {
    const recovery = session.kind === 'recovery';
    hold(received(session), recovery ? 'PASSWORD_RECOVERY' : event, { recovery });
    return session;
  }

  /** A first factor's answer: a session, or the challenge of the second step. */
  function firstFactorPassed(result: SignInResult): SignInOutcome {
    if (!('mfaRequired' in result)) return signedIn(result);
    challenge = { token: result.challengeToken, expiresAt: result.expiresAt };
    emit('MFA_REQUIRED', { ...SIGNED_OUT, status: 'mfa-required' });
    return { mfaRequired: true, expiresAt: result.expiresAt };
  }

  function leaveChallenge() {
    challenge = null;
    if (store.get().status === 'mfa-required') emit('SIGNED_OUT', SIGNED_OUT);
  }

  function drop(event: AuthChangeEvent, { broadcast }: { broadcast: boolean }) {
    const wasSignedOut = store.get().status === 'signed-out';
    held = null;
    challenge = null;
    clearTimeout(timer);
    hint.clear();
    if (!(wasSignedOut && event === 'SIGNED_OUT')) emit(event, SIGNED_OUT);
    if (broadcast) channel?.post({ type: 'signed-out' });
  }

  function expiresSoon(candidate: HeldSession): boolean {
    return candidate.expiresAtMs - now() < EXPIRY_LEEWAY_MS;
  }

  async function refreshNow(): Promise<Session | null> {
    const before = held;
    const run = async (): Promise<Session | null> => {
      // Another tab may have refreshed while this one waited for the lock; its session came over the channel.
      if (held && held !== before && !expiresSoon(held)) return held.session;
      try {
        const session = await (await transport()).refresh();
        hold(received(session), eventForRefresh(store.get(), session), { recovery: store.get().recovery });
        return session;
      } catch (error) {
        if (isRefusal(error)) {
          drop(store.get().status === 'loading' ? 'INITIAL_SESSION' : 'SIGNED_OUT', { broadcast: true });
          return null;
        }
        // Unreachable server: keep a still-valid token and try again later. The first check of the
        // page must still end, so loading becomes signed out; the hint stays for the next attempt.
        schedule(retryDelayMs(failedAttempts++));
        if (store.get().status === 'loading') emit('INITIAL_SESSION', SIGNED_OUT);
        return held && !expiresSoon(held) ? held.session : null;
      }
    };
    return lock ? lock.run(run) : run();
  }

  const refresh = singleFlight(refreshNow);

  const ready: Promise<void> = store.get().status === 'loading' ? refresh().then(() => undefined) : Promise.resolve();

  async function getAccessToken(): Promise<string | null> {
    await ready;
    if (!held) return null;
    if (!expiresSoon(held)) return held.session.accessToken;
    return (await refresh())?.accessToken ?? null;
  }

  function onTabMessage(message: TabMessage) {
    const effect = tabMessageEffect(message, store.get(), held);
    if (effect.kind === 'sign-out') drop('SIGNED_OUT', { broadcast: false });
    else if (effect.kind === 'update-user' && held) {
      held = { ...held, session: { ...held.session, user: effect.user } };
      emit('USER_UPDATED', { ...store.get(), session: held.session, user: effect.user });
    } else if (effect.kind === 'hold') hold(effect.held, effect.event, { recovery: effect.recovery, broadcast: false });
  }
  channel?.listen(onTabMessage);

  if (watchVisibility) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && held && expiresSoon(held)) void refresh();
    });
  }

  /** Waits for the first check, so a new session never races the refresh of the page's old one. */
  async function afterFirstCheck<T>(task: (api: Transport) => Promise<T>): Promise<T> {
    await ready;
    return task(await transport());
  }

  /**
   * A call as the signed-in user. A suspended account is refused everywhere, so its session ends
   * here as soon as any service says so, not only at the next refresh.
   */
  async function asUser<T>(call: (t: Transport) => Promise<T>): Promise<T> {
    try {
      return await call(await transport());
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === IDENTITY_ERROR_CODES.accountSuspended && store.get().status === 'signed-in') drop('SIGNED_OUT', { broadcast: true });
      throw error;
    }
  }

  function userUpdated(user: UserProfile): UserProfile {
    if (held) held = { ...held, session: { ...held.session, user } };
    emit('USER_UPDATED', { ...store.get(), session: held?.session ?? null, user, recovery: false });
    channel?.post({ type: 'user-updated', user });
    return user;
  }

  const api: ApiClient = {
    call: ((endpoint: unknown, ...options: unknown[]) =>
      asUser((t) => (t.api.call as (e: unknown, ...o: unknown[]) => Promise<unknown>)(endpoint, ...options))) as unknown as ApiClient['call'],
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    onAuthStateChange: store.onAuthStateChange,
    ready,
    async signUp({ email, password, fullName, redirectTo }) {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).signUp({ email, password, fullName, codeChallenge, redirectTo });
    },
    signInWithPassword: (params) => afterFirstCheck(async (t) => firstFactorPassed(await t.signInWithPassword(params))),
    signInWithOtp: async ({ email }) => {
      const { expiresInMinutes } = await (await transport()).requestOtp({ email });
      return { expiresInMinutes };
    },
    async resendConfirmation({ email, redirectTo }) {
      // The new link is exchanged in this browser, with this browser's verifier.
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).resendConfirmation({ email, codeChallenge, redirectTo });
    },
    verifyOtp: (params) => afterFirstCheck(async (t) => firstFactorPassed(await t.verifyOtp(params))),
    async signInWithMagicLink({ email, redirectTo }) {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).sendMagicLink({ email, codeChallenge, redirectTo });
    },
    async resetPasswordForEmail({ email }) {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).sendRecovery({ email, codeChallenge });
    },
    exchangeCodeForSession(code) {
      // A code works once; a page that asks twice (React's strict mode, a double click) shares the answer.
      return exchanges.get(code, () => afterFirstCheck(async (t) => firstFactorPassed(await t.exchangeCode({ code, codeVerifier: takeCodeVerifier(storage) }))));
    },
    async verifyMfa(code) {
      const pending = challenge;
      if (!pending || store.get().status !== 'mfa-required') throw new AuthError('mfa_not_pending', 'Sign in with your password or an emailed link or code first.');
      const session = await (await transport()).verifyMfa({ challengeToken: pending.token, code });
      return signedIn(session, 'MFA_CHALLENGE_VERIFIED');
    },
    cancelMfa: leaveChallenge,
    updatePassword: async (password) => userUpdated(await asUser((t) => t.changePassword({ password }))),
    updateProfile: async (patch) => userUpdated(await asUser((t) => t.updateProfile(patch))),
    refresh,
    async signOut() {
      const t = await transport();
      const revoke = async () => {
        // Signing out always ends the session in this browser; a revoke that did not reach the
        // server leaves only a cookie the server will expire on its own.
        await t.revoke().catch(() => undefined);
        drop('SIGNED_OUT', { broadcast: true });
      };
      await (lock ? lock.run(revoke) : revoke());
    },
    getAccessToken,
    api,
  };
}
