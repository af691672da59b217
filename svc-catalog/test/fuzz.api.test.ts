import fc from 'fast-check';
import request from 'supertest';
import { CatalogHarness, DRIVER, type User } from './harness';

// Property: whatever a careless client or an attacker sends, the catalog answers with a status
// below 500. Inputs mix valid-looking values with wrong types, NUL and control characters,
// malformed percent-encoding, huge strings and JSON cut short.

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007\u001b[31m', '\ud800', '%', '%E0%A4%A', '%ff%fe', '<script>alert(1)</script>', 'x'.repeat(70_000)),
);
const hostileValue = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom('name', 'id', 'title', 'content', 'tier', 'price', 'monthly', 'body', 'userId', 'format', 'sectionType', 'isActive'), hostileValue, { maxKeys: 6 }),
  hostileValue,
);
// Every byte percent-encoded (encodeURIComponent refuses lone surrogates, which are half the point).
const percentEncode = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
const hostileSegment = fc.oneof(hostileText.map(percentEncode), fc.constantFrom('%E0%A4%A', '%ff%fe', '%C3%28', '%00', '..%2F..', 'starter', 'ai-fundamentals'));

const ENDPOINTS: Array<{ method: 'get' | 'post' | 'patch' | 'delete'; path: (segment: string) => string; role: 'anonymous' | 'user' | 'admin' }> = [
  { method: 'get', path: (id) => `/plans/${id}`, role: 'anonymous' },
  { method: 'get', path: (id) => `/courses/${id}`, role: 'anonymous' },
  { method: 'get', path: (id) => `/courses/${id}/enrolment`, role: 'user' },
  { method: 'get', path: (id) => `/courses/${id}/discussion`, role: 'user' },
  { method: 'post', path: (id) => `/courses/${id}/discussion`, role: 'admin' },
  { method: 'post', path: () => '/admin/plans', role: 'admin' },
  { method: 'patch', path: (id) => `/admin/plans/${id}`, role: 'admin' },
  { method: 'delete', path: (id) => `/admin/plans/${id}`, role: 'admin' },
  { method: 'post', path: () => '/admin/agents', role: 'admin' },
  { method: 'patch', path: (id) => `/admin/agents/${id}`, role: 'admin' },
  { method: 'post', path: () => '/admin/content', role: 'admin' },
  { method: 'patch', path: (id) => `/admin/content/${id}`, role: 'admin' },
  { method: 'post', path: (id) => `/admin/courses/${id}/enrolments`, role: 'admin' },
  { method: 'get', path: (id) => `/agents?tier=${id}`, role: 'anonymous' },
];

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 25);

describe(`svc-catalog under hostile input (${DRIVER})`, () => {
  let catalog: CatalogHarness;
  let users: Record<'user' | 'admin', User>;
  beforeAll(async () => {
    catalog = await CatalogHarness.start();
    users = { user: await catalog.user(), admin: await catalog.user({ admin: true }) };
  });
  afterAll(() => catalog.close());

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method.toUpperCase()} ${endpoint.path(':id')}`, endpoint] as const))('%s never answers 5xx', async (_name, endpoint) => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(hostileSegment, hostileBody, fc.boolean(), async (segment, body, truncate) => {
        let call = request(catalog.url)[endpoint.method](`/api/catalog${endpoint.path(segment)}`);
        if (endpoint.role !== 'anonymous') call = call.set(users[endpoint.role].auth);
        if (endpoint.method !== 'get' && endpoint.method !== 'delete') {
          const json = JSON.stringify(body) ?? 'null';
          call = call.set('content-type', 'application/json').send(truncate ? json.slice(0, Math.max(1, json.length - 2)) : json);
        }
        const response = await call;
        sent += 1;
        if (response.status >= 500) throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path(segment)} answered ${response.status}: ${JSON.stringify(response.body)}`);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_ENDPOINT);
  });
});
