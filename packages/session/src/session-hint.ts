import type { KeyValueStorage } from './pkce';

/**
 * Set while this browser holds a refresh cookie. The cookie itself is httpOnly, so without this
 * flag every anonymous page view would have to ask the server (and get a 401) to learn that
 * nobody is signed in. It holds no token: a stale flag only costs one refresh call.
 */
export const SESSION_HINT_KEY = 'agentdock.auth.signed-in';

export function createSessionHint(storage: KeyValueStorage | null) {
  return {
    present: () => storage?.getItem(SESSION_HINT_KEY) === '1',
    set: () => storage?.setItem(SESSION_HINT_KEY, '1'),
    clear: () => storage?.removeItem(SESSION_HINT_KEY),
  };
}

/** localStorage, or null where it is unavailable (some privacy modes throw on access). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Dispatched on `window` when the page's session client is created, by whichever app creates it:
 * the light entry of every app (visitor.ts) then follows that client's state.
 */
export const SESSION_CLIENT_CREATED_EVENT = 'agentdock:session-client';
