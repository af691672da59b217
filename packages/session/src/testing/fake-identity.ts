import type { Session, UserProfile } from '@agentdock/contracts';
import { userFixture } from '@agentdock/contracts/testing';
import type { KeyValueStorage } from '../pkce';
import type { TabChannel, TabLock, TabMessage } from '../tab-sync';

/** Test doubles for the session client: a scriptable identity service, storage and tabs. */

export { userFixture };

let tokenCounter = 0;

export function sessionFixture(overrides: Partial<Omit<Session, 'user'>> & { user?: Partial<UserProfile> } = {}): Session {
  const { user, ...rest } = overrides;
  const expiresIn = rest.expiresIn ?? 900;
  return {
    accessToken: `token-${++tokenCounter}`,
    tokenType: 'bearer',
    expiresIn,
    expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
    kind: 'password',
    ...rest,
    user: userFixture(user),
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message: string, fields?: Array<{ path: string; message: string }>): Response {
  return jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}), requestId: 'req-test' } });
}

export interface RecordedCall {
  method: string;
  /** Path and query, without the origin. */
  path: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

/**
 * A fetch that answers like svc-identity from handlers set per `METHOD /path`; unknown paths
 * answer 404. Every call is recorded.
 */
export function fakeIdentity() {
  const handlers = new Map<string, Responder>();
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${url.pathname}`);
    const answer = Promise.resolve(handler ? handler(call) : errorResponse(404, 'not_found', `No route ${call.method} ${url.pathname}`));
    const { signal } = init;
    if (!signal) return answer;
    // As a browser's fetch does: an abort rejects the call even while the server is still answering.
    signal.throwIfAborted();
    return Promise.race([answer, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    /** Answers `METHOD /api/identity/...` with `respond` from now on. */
    on(route: string, respond: Responder | Response) {
      handlers.set(route, typeof respond === 'function' ? respond : () => respond.clone());
    },
    callsTo(route: string): RecordedCall[] {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path.split('?')[0] === path);
    },
  };
}

export type FakeIdentity = ReturnType<typeof fakeIdentity>;

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** Tabs of one browser: a channel per tab that reaches the others, and one lock for all of them. */
export function fakeTabs() {
  const listeners = new Set<{ owner: object; onMessage: (message: TabMessage) => void }>();
  let queue: Promise<unknown> = Promise.resolve();
  const lock: TabLock = {
    run<T>(task: () => Promise<T>): Promise<T> {
      // The next tab gets the lock in a later task, after messages posted while holding it.
      const result = queue.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(task);
      queue = result.catch(() => undefined);
      return result;
    },
  };
  function channel(): TabChannel {
    const owner = {};
    return {
      // Structured clone, delivered later, like BroadcastChannel.
      post: (message) => {
        const copy = structuredClone(message);
        for (const listener of listeners) if (listener.owner !== owner) setTimeout(() => listener.onMessage(copy), 0);
      },
      listen: (onMessage) => void listeners.add({ owner, onMessage }),
    };
  }
  return { lock, channel };
}
