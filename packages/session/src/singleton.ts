import { createSessionClient, type SessionClient } from './session-client';
import { SESSION_CLIENT_CREATED_EVENT } from './session-hint';

let client: SessionClient | undefined;

/**
 * The page's one session client. This package is a Module Federation shared singleton, so the
 * shell and every micro-frontend get this same instance and see the same state.
 */
export function getSessionClient(): SessionClient {
  if (!client) {
    client = createSessionClient();
    globalThis.dispatchEvent?.(new Event(SESSION_CLIENT_CREATED_EVENT));
  }
  return client;
}
