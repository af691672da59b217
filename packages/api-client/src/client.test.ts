import { ADMIN_EXPORT_ENDPOINTS, CATALOG_ENDPOINTS, defineEndpoint } from '@agentdock/contracts';
import * as z from 'zod/mini';
import { planFixture } from '@agentdock/contracts/testing';
import { ApiError, createApiClient, isAbortError } from './index';

const plan = planFixture();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return respond(String(input), init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('createApiClient', () => {
  it('downloads a file endpoint with its query, giving its bytes and the name the server chose, and an ApiError for a refusal', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.includes('from=2026-11-01')
        ? new Response('User ID,Email\r\n', {
            status: 200,
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="customers-2026-11-01-to-2026-11-28.csv"' },
          })
        : json(400, { error: { code: 'validation_failed', message: 'Bad range', fields: [] } }),
    );
    const client = createApiClient({ baseUrl: 'http://gateway.test', fetch });
    const file = await client.download(ADMIN_EXPORT_ENDPOINTS.customers, { query: { from: '2026-11-01', to: '2026-11-28' } });
    expect(calls[0]!.url).toBe('http://gateway.test/api/identity/admin/exports/customers?from=2026-11-01&to=2026-11-28');
    expect(file.fileName).toBe('customers-2026-11-01-to-2026-11-28.csv');
    expect(await file.blob.text()).toBe('User ID,Email\r\n');
    await expect(client.download(ADMIN_EXPORT_ENDPOINTS.customers, { query: { from: 'x', to: 'y' } })).rejects.toBeInstanceOf(ApiError);
  });

  it('reads plans from the catalog and validates them', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { plans: [plan] }));
    const client = createApiClient({ baseUrl: 'http://gateway.test', fetch, newRequestId: () => 'req-1' });

    await expect(client.call(CATALOG_ENDPOINTS.plans)).resolves.toEqual({ plans: [plan] });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://gateway.test/api/catalog/plans');
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('x-request-id')).toBe('req-1');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('calls a contract endpoint with its method, its filled-in route and its body, and validates the answer', async () => {
    const comment = {
      id: '7d4c5f0e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
      courseId: 'ai/basics',
      authorId: '7d4c5f0e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
      authorName: 'Ada',
      body: 'Hi',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const { fetch, calls } = fakeFetch(() => json(201, comment));
    const client = createApiClient({ fetch });
    await expect(client.call(CATALOG_ENDPOINTS.postComment, { params: { id: 'ai/basics' }, body: { body: 'Hi' } })).resolves.toEqual(comment);
    expect(calls[0]!.url).toBe('/api/catalog/courses/ai%2Fbasics/discussion');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ body: 'Hi' }));

    const { fetch: badFetch } = fakeFetch(() => json(200, { plans: [{ id: 'no' }] }));
    await expect(createApiClient({ fetch: badFetch }).call(CATALOG_ENDPOINTS.plans)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('sends a file as its bytes, not as JSON', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const upload = defineEndpoint('PUT', '/api/test', '/files/:name', { request: z.custom<Blob>((value) => value instanceof Blob), response: undefined });
    const file = new Blob(['# Notes'], { type: 'text/markdown' });
    await createApiClient({ fetch }).call(upload, { params: { name: 'notes.md' }, body: file });
    expect(calls[0]!.url).toBe('/api/test/files/notes.md');
    expect(calls[0]!.init.body).toBe(file);
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/octet-stream');
  });

  it('sends a fresh request id with every call', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { plans: [] }));
    const client = createApiClient({ fetch });
    await client.call(CATALOG_ENDPOINTS.plans);
    await client.call(CATALOG_ENDPOINTS.plans);
    const ids = calls.map((call) => new Headers(call.init.headers).get('x-request-id'));
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('turns an error body into an ApiError', async () => {
    const body = {
      error: { code: 'validation_failed', message: 'Invalid query', fields: [{ path: 'tier', message: 'Unknown tier' }], requestId: 'srv-9' },
    };
    const { fetch } = fakeFetch(() => json(422, body));
    const error = await createApiClient({ fetch })
      .call(CATALOG_ENDPOINTS.plans)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Invalid query',
      fields: [{ path: 'tier', message: 'Unknown tier' }],
      requestId: 'srv-9',
    });
  });

  it('reports an error response without a contract body by its status', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await createApiClient({ fetch, newRequestId: () => 'req-2' })
      .call(CATALOG_ENDPOINTS.plans)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_error', fields: [], requestId: 'req-2' });
  });

  it('reports a network failure as network_error', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const error = await createApiClient({ fetch })
      .call(CATALOG_ENDPOINTS.plans)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect((error as ApiError).message).toMatch(/could not reach the server/i);
  });

  it('rejects a success body that breaks the contract', async () => {
    const { fetch } = fakeFetch(() => json(200, { plans: [{ id: 'broken' }] }));
    await expect(createApiClient({ fetch }).call(CATALOG_ENDPOINTS.plans)).rejects.toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('passes the abort signal on and keeps an abort an abort', async () => {
    const controller = new AbortController();
    const { fetch, calls } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const pending = createApiClient({ fetch }).call(CATALOG_ENDPOINTS.plans, { signal: controller.signal });
    controller.abort();

    const error = await pending.catch((caught: unknown) => caught);
    expect(calls[0]!.init.signal).toBe(controller.signal);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('ApiError', () => {
  it('is recognised by instanceof across copies of this package (one per micro-frontend)', () => {
    let OtherCopy: typeof ApiError | undefined;
    jest.isolateModules(() => {
      OtherCopy = (require('./api-error') as typeof import('./api-error')).ApiError;
    });
    expect(OtherCopy).not.toBe(ApiError);
    expect(new OtherCopy!(401, 'invalid_token', 'Expired')).toBeInstanceOf(ApiError);
    expect(new ApiError(401, 'invalid_token', 'Expired')).toBeInstanceOf(OtherCopy!);
    expect(new Error('plain')).not.toBeInstanceOf(ApiError);
    expect({ name: 'ApiError', status: 401 }).not.toBeInstanceOf(ApiError);
  });
});

describe('call with a query', () => {
  const search = defineEndpoint('GET', '/api/identity', '/admin/users', {
    query: z.object({ q: z.optional(z.string()), limit: z.coerce.number(), ids: z.optional(z.string()) }),
    response: z.object({ total: z.number() }),
  });

  it('appends the query in the order given, leaving absent values out', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { total: 0 }));
    await createApiClient({ fetch }).call(search, { query: { limit: 50, q: undefined, ids: 'a,b' } });
    expect(calls[0]!.url).toBe('/api/identity/admin/users?limit=50&ids=a%2Cb');
  });

  it('sends no ? when every value is absent', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { total: 0 }));
    const list = defineEndpoint('GET', '/api/chat', '/wallets', { query: z.object({ q: z.optional(z.string()) }), response: z.object({ total: z.number() }) });
    await createApiClient({ fetch }).call(list, { query: {} });
    expect(calls[0]!.url).toBe('/api/chat/wallets');
  });

  it('sends the page cookies when asked, and not otherwise', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { total: 0 }));
    const client = createApiClient({ fetch });
    await client.call(search, { query: { limit: 1 }, credentials: 'include' });
    await client.call(search, { query: { limit: 1 } });
    expect(calls.map((call) => call.init.credentials)).toEqual(['include', undefined]);
  });
});
