import { defineEndpoint } from '@agentdock/contracts';
import { z } from 'zod';
import { createApiClient } from './index';

const me = z.object({ id: z.string() });
const getMe = defineEndpoint('GET', '/api/identity', '/me', { response: me });
const postMe = defineEndpoint('POST', '/api/identity', '/me', { request: z.object({ a: z.number() }), response: me });
const adminUsers = defineEndpoint('GET', '/api/identity', '/admin/users', { response: undefined });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const unauthorized = () => json(401, { error: { code: 'invalid_token', message: 'The access token has expired' } });

/** A server that accepts only `validToken`; records the authorization header of each call. */
function tokenServer(validToken: string) {
  const seen: Array<string | null> = [];
  const fetch = jest.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const authorization = new Headers(init.headers).get('authorization');
    seen.push(authorization);
    return authorization === `Bearer ${validToken}` ? json(200, { id: 'u1' }) : unauthorized();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('bearer token and 401 retry', () => {
  it('sends the current token as a bearer token, asking for it on every call', async () => {
    const { fetch, seen } = tokenServer('t1');
    const getAccessToken = jest.fn(async () => 't1');
    const client = createApiClient({ fetch, getAccessToken });
    await client.call(getMe);
    await client.call(getMe);
    expect(seen).toEqual(['Bearer t1', 'Bearer t1']);
    expect(getAccessToken).toHaveBeenCalledTimes(2);
  });

  it('sends no authorization header without a token', async () => {
    const { fetch, seen } = tokenServer('t1');
    const onUnauthorized = jest.fn(async () => true);
    const client = createApiClient({ fetch, getAccessToken: () => null, onUnauthorized });
    await expect(client.call(getMe)).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([null]);
    // Nothing to renew: an anonymous 401 is the answer.
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 401 asks for a new token once and retries the same call with it', async () => {
    const { fetch, seen } = tokenServer('t2');
    let token = 't1';
    const onUnauthorized = jest.fn(async () => {
      token = 't2';
      return true;
    });
    const client = createApiClient({ fetch, getAccessToken: () => token, onUnauthorized, newRequestId: () => 'req-1' });
    await expect(client.call(postMe, { body: { a: 1 } })).resolves.toEqual({ id: 'u1' });
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const calls = (fetch as jest.Mock).mock.calls as Array<[string, RequestInit]>;
    expect(calls[1]![1]).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(new Headers(calls[1]![1].headers).get('x-request-id')).toBe('req-1');
  });

  it('gives up after one retry: a second 401 is the answer', async () => {
    const { fetch, seen } = tokenServer('never');
    let n = 0;
    const onUnauthorized = jest.fn(async () => true);
    const client = createApiClient({ fetch, getAccessToken: () => `t${++n}`, onUnauthorized });
    await expect(client.call(getMe)).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not retry when no new token could be had', async () => {
    const { fetch, seen } = tokenServer('t2');
    const client = createApiClient({ fetch, getAccessToken: () => 't1', onUnauthorized: async () => false });
    await expect(client.call(getMe)).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['Bearer t1']);
  });

  it('passes other errors on without a refresh', async () => {
    const fetch = jest.fn(async () => json(403, { error: { code: 'forbidden', message: 'Admins only' } })) as unknown as typeof globalThis.fetch;
    const onUnauthorized = jest.fn(async () => true);
    const client = createApiClient({ fetch, getAccessToken: () => 't1', onUnauthorized });
    await expect(client.call(adminUsers)).rejects.toMatchObject({ status: 403, message: 'Admins only' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
