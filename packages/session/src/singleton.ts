import { createSessionClient, type SessionClient } from './session-client';

let client: SessionClient | undefined;

/**
 * The page's one session client. This package is a Module Federation shared singleton, so the
 * shell and every micro-frontend get this same instance and see the same state.
 */
export function getSessionClient(): SessionClient {
  client ??= createSessionClient();
  return client;
}
