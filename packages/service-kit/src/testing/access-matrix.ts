// The authorization matrix: every endpoint a running service has mounted, called as each kind of
// caller, against a table of who may call what. The endpoints come from the express router stack,
// not from a hand-kept list, so a route added without a row in the table fails the test.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { endpointKey as contractEndpointKey, type HttpMethod } from '@agentdock/contracts';

export const ROLES = ['anonymous', 'user', 'suspended', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Endpoint {
  method: string;
  /** As mounted, e.g. `/api/catalog/plans/:id`. */
  path: string;
}

/** 'granted': anything but 401/403 (a 400 or 404 means the caller got past authorization). */
export type Outcome = 'granted' | 401 | 403 | 404;
/** Who may call an endpoint; an object spells the outcome per role where the usual ladder does not apply. */
export type Access = 'public' | 'user' | 'admin' | Record<Role, Outcome>;
/** Keyed `METHOD /path`, exactly as `endpointKey` prints a mounted endpoint. */
export type AccessTable = Record<string, Access>;

const LADDER: Record<'public' | 'user' | 'admin', Record<Role, Outcome>> = {
  public: { anonymous: 'granted', user: 'granted', suspended: 'granted', admin: 'granted' },
  user: { anonymous: 401, user: 'granted', suspended: 403, admin: 'granted' },
  admin: { anonymous: 401, user: 403, suspended: 403, admin: 'granted' },
};

/** Rows every service has, because the kit mounts them: probes, metrics and the admin audit log. */
export function kitAccessRows(apiPrefix: string): AccessTable {
  return { 'GET /healthz': 'public', 'GET /readyz': 'public', 'GET /metrics': 'public', [`GET ${apiPrefix}/admin/audit`]: 'admin' };
}

export const endpointKey = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** What the access rows need of an endpoint of the contracts (any schemas). */
interface ContractEndpoint {
  method: HttpMethod;
  base: string;
  route: string;
}

/**
 * The rows of a table of contract endpoints (CATALOG_ENDPOINTS…): every entry needs an access,
 * and the row is keyed by the endpoint's own method and path, so a route renamed in the contracts
 * but mounted elsewhere (or mounted under a typed string) shows as a row without an endpoint.
 * The team matrix's rows (TeamAccess) are made the same way.
 */
export function endpointAccessRows<T extends Record<string, ContractEndpoint>, A = Access>(endpoints: T, access: { [K in keyof T]: A }): Record<string, A> {
  const rows: Record<string, A> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const key = contractEndpointKey(endpoint);
    if (key in rows) throw new Error(`${key} is defined twice (${name})`);
    rows[key] = access[name as keyof T];
  }
  return rows;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

const joinPath = (prefix: string, path: unknown) => {
  const segment = typeof path === 'string' ? path : String(path);
  return segment === '/' ? prefix || '/' : `${prefix}${segment}`;
};

function walk(stack: Layer[], prefix: string, found: Endpoint[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') found.push({ method: method.toUpperCase(), path: joinPath(prefix, path) });
        }
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      walk(layer.handle.stack, joinPath(prefix, layer.rawPath ?? '/').replace(/\/$/, ''), found);
    }
  }
}

/** Every method + path mounted on the express app that handles `server`'s requests. */
export function mountedEndpoints(server: Server): Endpoint[] {
  const [app] = server.listeners('request') as Array<{ router?: { stack: Layer[] } }>;
  if (!app?.router) throw new Error('The server is not handled by an express app');
  const found: Endpoint[] = [];
  walk(app.router.stack, '', found);
  const unique = new Map(found.map((endpoint) => [endpointKey(endpoint), endpoint]));
  return [...unique.values()];
}

export interface MatrixOptions {
  server: Server;
  url: string;
  table: AccessTable;
  /** Headers that make a request come from each signed-in role. */
  principals: Record<Exclude<Role, 'anonymous'>, Record<string, string>>;
  /** Values for path parameters by name; a fresh UUID otherwise. */
  params?: Record<string, string>;
}

export interface MatrixResult {
  endpoints: Endpoint[];
  calls: number;
  /** One line per endpoint without a row, row without an endpoint, or call answered against the table. */
  problems: string[];
}

const outcomeOf = (status: number): Outcome | number => (status === 401 || status === 403 ? status : status >= 500 ? status : 'granted');

/** The outcome a status counts as, when `expected` is what the table says: a 404 is itself only where the table expects one. */
export const judge = (expected: Outcome, status: number): Outcome | number => (expected === 404 && status === 404 ? 404 : outcomeOf(status));

/** Calls `endpoint` with `headers` (and `{}` as the body where it takes one); path parameters from `params`, a fresh UUID otherwise. */
export async function callEndpoint(url: string, endpoint: Endpoint, headers: Record<string, string>, params?: Record<string, string>): Promise<number> {
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params?.[name] ?? randomUUID()));
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(endpoint.method);
  const response = await fetch(`${url}${path}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', ...headers },
    body: hasBody ? '{}' : undefined,
    redirect: 'manual',
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/** Calls every mounted endpoint as every role and compares the answers with the table. */
export async function checkAccessMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const endpoints = mountedEndpoints(options.server);
  const keys = new Set(endpoints.map(endpointKey));
  const problems: string[] = [];
  for (const key of Object.keys(options.table)) if (!keys.has(key)) problems.push(`${key}: row in the table, but no such endpoint is mounted`);
  let calls = 0;
  for (const endpoint of endpoints) {
    const access = options.table[endpointKey(endpoint)];
    if (!access) {
      problems.push(`${endpointKey(endpoint)}: mounted, but has no row in the access table`);
      continue;
    }
    const expected = typeof access === 'string' ? LADDER[access] : access;
    for (const role of ROLES) {
      const status = await callEndpoint(options.url, endpoint, role === 'anonymous' ? {} : options.principals[role], options.params);
      calls += 1;
      const got = judge(expected[role], status);
      if (got !== expected[role]) problems.push(`${endpointKey(endpoint)} as ${role}: expected ${expected[role]}, got ${status}`);
    }
  }
  return { endpoints, calls, problems };
}
