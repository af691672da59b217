// Property-based fuzzing of every mounted endpoint: whatever a careless client or an attacker
// sends, a service must answer below 500. Bodies are built from the field names of the service's
// contracts, filled with wrong types, NUL and control characters, lone surrogates, invalid UTF-8,
// malformed percent-encoding, huge strings and JSON cut short.
import type { Server } from 'node:http';
import fc from 'fast-check';
import { type AccessTable, endpointKey, mountedEndpoints, type Role, ROLES } from './access-matrix';

// Built on the first fuzz, not when the testing helpers load: fast-check's `binary` unit builds a
// table of every Unicode code point (~0.5 s of CPU and ~90 MB of heap), which every other test
// importing these helpers, and the bench's platform process, would otherwise carry.
function makeHostileArbitraries() {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('\u0000', 'a\u0000b', '\u0007\u001b[31m', '\ud800', '%', '%E0%A4%A', '%ff%fe', '<script>alert(1)</script>', "' or 1=1 --", 'x'.repeat(70_000)),
  );
  const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
  const segment = fc.oneof(text.map(percentEncode), fc.constantFrom('%E0%A4%A', '%ff%fe', '%C3%28', '%00', '..%2F..', '%', 'null', '0', '-1'), fc.uuid());
  return { text, value, segment };
}
let builtArbitraries: ReturnType<typeof makeHostileArbitraries> | undefined;
const hostileArbitraries = () => (builtArbitraries ??= makeHostileArbitraries());
// Every byte percent-encoded (encodeURIComponent refuses lone surrogates, which are half the point).
const percentEncode = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

type Body = { kind: 'json'; value: unknown; truncate: boolean } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'huge' };

function bodyArbitrary(fields: string[]): fc.Arbitrary<Body> {
  const { text: hostileText, value: hostileValue } = hostileArbitraries();
  const object =
    fields.length > 0 ? fc.dictionary(fc.oneof(fc.constantFrom(...fields), hostileText), hostileValue, { maxKeys: 6 }) : fc.dictionary(hostileText, hostileValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('json' as const), value: fc.oneof(object, hostileValue), truncate: fc.boolean() }) },
    // Invalid UTF-8 and binary noise under a JSON content type.
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.constantFrom(Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), Uint8Array.from([0xff, 0xfe, 0x00])),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'huge' as const }) },
  );
}

function encodeBody(body: Body): string | Blob {
  if (body.kind === 'bytes') return new Blob([Uint8Array.from(body.bytes)]);
  // Above every service's body limit: must be refused with 413, not buffered into a 500.
  if (body.kind === 'huge') return JSON.stringify({ text: 'x'.repeat(2_000_000) });
  const json = JSON.stringify(body.value) ?? 'null';
  return body.truncate ? json.slice(0, Math.max(1, json.length - 2)) : json;
}

function queryArbitrary(fields: string[]): fc.Arbitrary<string> {
  const { text: hostileText, segment: hostileSegment } = hostileArbitraries();
  const key = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields, 'to', 'page', 'limit', 'tier', 'q'), hostileText.map(percentEncode)) : hostileText.map(percentEncode);
  return fc.array(fc.tuple(key, hostileSegment), { maxLength: 3 }).map((pairs) => (pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : ''));
}

/** The names of every field the given zod schemas accept, for bodies an attacker would try. */
export function contractFieldNames(...schemas: unknown[]): string[] {
  const names = new Set<string>();
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const candidate = schema as { shape?: Record<string, unknown>; options?: unknown[]; def?: { innerType?: unknown; in?: unknown } };
    if (candidate.shape) for (const name of Object.keys(candidate.shape)) names.add(name);
    candidate.options?.forEach(visit);
    visit(candidate.def?.innerType);
    visit(candidate.def?.in);
  };
  schemas.forEach(visit);
  return [...names];
}

export interface FuzzOptions {
  server: Server;
  url: string;
  /** The service's access table: each endpoint is fuzzed as a role that gets past authorization. */
  table: AccessTable;
  principals: Record<Exclude<Role, 'anonymous'>, Record<string, string>>;
  fields: string[];
  runsPerEndpoint?: number;
  /** Sent with every request, e.g. the local mailbox's secret. */
  headers?: Record<string, string>;
  /** Real path values (a plan's or a course's id), mixed into the hostile ones so some requests get past the lookup. */
  knownSegments?: string[];
}

export interface FuzzResult {
  endpoints: number;
  sent: number;
  /** One line per answer of 500 or above. */
  failures: string[];
}

const callerFor = (table: AccessTable, key: string): Role => {
  const access = table[key];
  if (access === undefined || access === 'public') return 'anonymous';
  if (access === 'user' || access === 'admin') return access;
  return ROLES.find((role) => access[role] === 'granted') ?? 'anonymous';
};

/** Sends `runsPerEndpoint` hostile requests to every mounted endpoint; counts them and collects every 5xx. */
export async function fuzzEndpoints(options: FuzzOptions): Promise<FuzzResult> {
  const runs = options.runsPerEndpoint ?? Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DEPTH === 'deep' ? 40 : 10));
  const endpoints = mountedEndpoints(options.server);
  const failures: string[] = [];
  let sent = 0;
  const { segment: hostileSegment } = hostileArbitraries();
  const segment = options.knownSegments?.length ? fc.oneof(hostileSegment, fc.constantFrom(...options.knownSegments)) : hostileSegment;
  for (const endpoint of endpoints) {
    const key = endpointKey(endpoint);
    const role = callerFor(options.table, key);
    const auth = role === 'anonymous' ? {} : options.principals[role];
    const segments = (endpoint.path.match(/:\w+/g) ?? []).length;
    const cases = fc.sample(
      fc.record({ segments: fc.array(segment, { minLength: segments, maxLength: segments }), query: queryArbitrary(options.fields), body: bodyArbitrary(options.fields) }),
      runs,
    );
    for (const sample of cases) {
      let index = 0;
      const path = endpoint.path.replace(/:\w+/g, () => sample.segments[index++] ?? '');
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(endpoint.method);
      const target = `${options.url}${path}${sample.query}`;
      try {
        const response = await fetch(target, {
          method: endpoint.method,
          headers: { 'content-type': 'application/json', ...auth, ...options.headers },
          body: hasBody ? encodeBody(sample.body) : undefined,
          redirect: 'manual',
        });
        const text = await response.text();
        if (response.status >= 500) failures.push(`${endpoint.method} ${path}${sample.query} (${sample.body.kind}) answered ${response.status}: ${text.slice(0, 200)}`);
      } catch (error) {
        failures.push(`${endpoint.method} ${path}${sample.query}: no answer (${String(error)})`);
      }
      sent += 1;
    }
  }
  return { endpoints: endpoints.length, sent, failures };
}
