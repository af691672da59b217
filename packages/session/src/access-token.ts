import type { SessionHolder } from './session-holder';
import type { Session } from './types';

/**
 * A token valid for a while yet, refreshed first when it is about to expire; null when signed out.
 * Waits for the page's first check, so a token is never handed out from before it.
 */
export function accessTokenSource(ready: Promise<void>, holder: SessionHolder, refresh: () => Promise<Session | null>): () => Promise<string | null> {
  return async () => {
    await ready;
    const held = holder.current();
    if (!held) return null;
    if (!holder.expiresSoon(held)) return held.session.accessToken;
    return (await refresh())?.accessToken ?? null;
  };
}
