import { REFRESH_COOKIE_PATH, session } from '@agentdock/contracts';
import request from 'supertest';
import { bearer, type IdentityHarness, refreshCookieFrom, refreshCookieHeader, signUpConfirmed, startIdentity, testOptions } from './helpers';

const api = '/api/identity';

describe(`svc-identity sessions over HTTP (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity(testOptions({ refreshReuseGraceSeconds: 0, cookieSecure: true }));
  });
  afterAll(() => identity.close());

  const refresh = (token: string) =>
    request(identity.url).post(`${api}/token/refresh`).set('cookie', refreshCookieHeader(token)).set('content-type', 'application/json').send('{}');

  it('puts the refresh token only in an httpOnly, SameSite=Strict, Secure cookie on the token path', async () => {
    const signedIn = await signUpConfirmed(identity.url);
    const response = await refresh(signedIn.refreshToken).expect(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? [])[0] ?? '';
    expect(cookie).toContain(`Path=${REFRESH_COOKIE_PATH}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Expires=/);
    expect(JSON.stringify(response.body)).not.toContain(refreshCookieFrom(response));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('rotates the cookie on every refresh and hands out a working access token', async () => {
    const signedIn = await signUpConfirmed(identity.url);
    const first = await refresh(signedIn.refreshToken).expect(200);
    const body = session.parse(first.body);
    expect(body).toMatchObject({ kind: 'refresh', user: { id: signedIn.session.user.id } });
    const rotated = refreshCookieFrom(first)!;
    expect(rotated).not.toBe(signedIn.refreshToken);
    await request(identity.url).get(`${api}/me`).set(bearer(body.accessToken)).expect(200);
    await refresh(rotated).expect(200);
  });

  it('revokes the whole session when an already rotated token is replayed', async () => {
    const signedIn = await signUpConfirmed(identity.url);
    const rotated = refreshCookieFrom(await refresh(signedIn.refreshToken).expect(200))!;
    const replay = await refresh(signedIn.refreshToken).expect(401);
    expect(replay.body.error.code).toBe('refresh_token_reused');
    // The cookie is cleared, and the legitimate (newer) token is dead too.
    expect(([] as string[]).concat(replay.headers['set-cookie'] ?? []).join()).toMatch(/agentdock_refresh=;/);
    expect((await refresh(rotated).expect(401)).body.error.code).toBe('invalid_refresh_token');
  });

  it('signs out: the refresh token is revoked and the cookie cleared', async () => {
    const signedIn = await signUpConfirmed(identity.url);
    const signOut = await request(identity.url)
      .post(`${api}/token/revoke`)
      .set('cookie', refreshCookieHeader(signedIn.refreshToken))
      .set('content-type', 'application/json')
      .send('{}')
      .expect(204);
    expect(([] as string[]).concat(signOut.headers['set-cookie'] ?? []).join()).toMatch(/agentdock_refresh=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(signedIn.refreshToken).expect(401)).body.error.code).toBe('invalid_refresh_token');
  });

  it('refuses cookie requests that are not JSON (CSRF), and refreshes without a cookie', async () => {
    const signedIn = await signUpConfirmed(identity.url);
    const form = await request(identity.url).post(`${api}/token/refresh`).set('cookie', refreshCookieHeader(signedIn.refreshToken)).type('form').send('a=b').expect(400);
    expect(form.body.error.code).toBe('json_required');
    await request(identity.url).post(`${api}/token/revoke`).set('cookie', refreshCookieHeader(signedIn.refreshToken)).expect(400);
    // The refused requests did not spend the token.
    await refresh(signedIn.refreshToken).expect(200);
    const none = await request(identity.url).post(`${api}/token/refresh`).set('content-type', 'application/json').send('{}').expect(401);
    expect(none.body.error.code).toBe('invalid_refresh_token');
    // A cookie that is not valid percent-encoding is just an unknown token, never a 500.
    const garbled = await request(identity.url)
      .post(`${api}/token/refresh`)
      .set('cookie', 'agentdock_refresh=%E0%A4%A')
      .set('content-type', 'application/json')
      .send('{}')
      .expect(401);
    expect(garbled.body.error.code).toBe('invalid_refresh_token');
  });

  it('publishes its public keys', async () => {
    const response = await request(identity.url).get(`${api}/.well-known/jwks.json`).expect(200);
    expect(response.body.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })]);
    expect(response.body.keys[0]).not.toHaveProperty('d');
  });
});
