import { ADMIN_REQUIRED } from '@agentdock/contracts';
import express from 'express';
import request from 'supertest';
import { createLogger } from '../logger';
import { createHttpApp } from '../http/app';
import { closeHttpServer, serverUrl, startHttpServer } from '../http/server';
import { AuthUnavailableError, InvalidTokenError, TokenExpiredError, createTokenVerifier, getAuth, getOptionalAuth, optionalAuth, requireAdmin, requireAuth } from '../index';
import { type TestIssuer, createTestIssuer } from '../testing/test-keys';

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await createTestIssuer();
});
afterAll(() => issuer.close());

const ada = { sub: 'user-1', email: 'ada@example.com' };

describe('createTokenVerifier', () => {
  it('returns the parsed claims of a valid token', async () => {
    const verifier = createTokenVerifier({ jwksUrl: issuer.jwksUrl });
    const token = await issuer.issue({ ...ada, admin: true, tier: 'professional' });
    await expect(verifier.verify(token)).resolves.toEqual({ ...ada, admin: true, tier: 'professional' });
  });

  it('tells an expired token apart from an invalid one by code', async () => {
    const verifier = createTokenVerifier({ jwksUrl: issuer.jwksUrl });
    const expired = verifier.verify(await issuer.issue({ ...ada, expiresIn: '-1h' }));
    await expect(expired).rejects.toBeInstanceOf(TokenExpiredError);
    await expect(expired).rejects.toMatchObject({ status: 401, code: 'token_expired' });
  });

  it.each([
    ['another issuer', { issuer: 'someone-else' }],
    ['another audience', { audience: 'another-app' }],
  ])('rejects a token from %s as invalid_token', async (_label, overrides) => {
    const verifier = createTokenVerifier({ jwksUrl: issuer.jwksUrl });
    const result = verifier.verify(await issuer.issue({ ...ada, ...overrides }));
    await expect(result).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(result).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it('rejects garbage and tokens signed by a stranger', async () => {
    const verifier = createTokenVerifier({ jwksUrl: issuer.jwksUrl });
    const stranger = await createTestIssuer();
    try {
      await expect(verifier.verify('not-a-jwt')).rejects.toMatchObject({ code: 'invalid_token' });
      await expect(verifier.verify(await stranger.issue(ada))).rejects.toMatchObject({ code: 'invalid_token' });
    } finally {
      await stranger.close();
    }
  });

  it('rejects tokens whose claims break the contract', async () => {
    const verifier = createTokenVerifier({ jwksUrl: issuer.jwksUrl });
    await expect(verifier.verify(await issuer.issue({ sub: 'user-1', email: 'not-an-email' }))).rejects.toMatchObject({
      code: 'invalid_token',
    });
  });

  it('answers 503 auth_unavailable, not 401, when the keys cannot be fetched', async () => {
    const down = await startHttpServer(express(), { port: 0, host: '127.0.0.1' });
    const jwksUrl = `${serverUrl(down)}/jwks.json`;
    await closeHttpServer(down);
    const result = createTokenVerifier({ jwksUrl }).verify(await issuer.issue(ada));
    await expect(result).rejects.toBeInstanceOf(AuthUnavailableError);
    await expect(result).rejects.toMatchObject({ status: 503, code: 'auth_unavailable' });
  });
});

describe('auth middleware', () => {
  const verifier = () => createTokenVerifier({ jwksUrl: issuer.jwksUrl });
  const app = () =>
    createHttpApp({
      service: 'svc-test',
      logger: createLogger({ service: 'test' }),
      mount: (app) => {
        const v = verifier();
        app.get('/me', requireAuth(v), (req, res) => {
          res.json(getAuth(req));
        });
        app.get('/admin', requireAdmin(v), (_req, res) => {
          res.json({ ok: true });
        });
        app.get('/feed', optionalAuth(v), (req, res) => {
          res.json({ user: getOptionalAuth(req)?.sub ?? null });
        });
        app.get('/unguarded', (req, res) => {
          res.json(getAuth(req));
        });
      },
    });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('requireAuth hands the verified claims to the route', async () => {
    const res = await request(app())
      .get('/me')
      .set(bearer(await issuer.issue(ada)))
      .expect(200);
    expect(res.body).toEqual({ ...ada, admin: false, tier: 'free' });
  });

  it('requireAuth answers 401 without a token, with a bad one, and with an expired one', async () => {
    const none = await request(app()).get('/me').expect(401);
    expect(none.body.error.code).toBe('unauthorized');
    const bad = await request(app()).get('/me').set(bearer('abc.def.ghi')).expect(401);
    expect(bad.body.error.code).toBe('invalid_token');
    const expired = await request(app())
      .get('/me')
      .set(bearer(await issuer.issue({ ...ada, expiresIn: '-5m' })))
      .expect(401);
    expect(expired.body.error.code).toBe('token_expired');
  });

  it('requireAdmin answers 403 to a signed-in user who is not an admin', async () => {
    const res = await request(app())
      .get('/admin')
      .set(bearer(await issuer.issue(ada)))
      .expect(403);
    expect(res.body.error).toMatchObject(ADMIN_REQUIRED);
    await request(app())
      .get('/admin')
      .set(bearer(await issuer.issue({ ...ada, admin: true })))
      .expect(200);
  });

  it('requireAdmin refuses an admin without the multi-factor claim when the verifier asks for it', async () => {
    const strict = createHttpApp({
      service: 'svc-test',
      logger: createLogger({ service: 'test' }),
      mount: (app) => {
        app.get('/admin', requireAdmin(createTokenVerifier({ jwksUrl: issuer.jwksUrl, adminRequiresMfa: true })), (_req, res) => {
          res.json({ ok: true });
        });
      },
    });
    const admin = { ...ada, admin: true };
    for (const token of [await issuer.issue(admin), await issuer.issue({ ...admin, mfa: false })]) {
      const res = await request(strict).get('/admin').set(bearer(token)).expect(403);
      expect(res.body.error).toMatchObject({ code: 'mfa_required', message: expect.stringContaining('two-factor') });
    }
    await request(strict)
      .get('/admin')
      .set(bearer(await issuer.issue({ ...admin, mfa: true })))
      .expect(200);
    // A non-admin still hears that admin rights are missing, not that a second factor is.
    const user = await request(strict)
      .get('/admin')
      .set(bearer(await issuer.issue({ ...ada, mfa: true })))
      .expect(403);
    expect(user.body.error.code).toBe(ADMIN_REQUIRED.code);
  });

  it('requireAdmin accepts an admin without the claim when the policy is off (the embedded default)', async () => {
    await request(app())
      .get('/admin')
      .set(bearer(await issuer.issue({ ...ada, admin: true, mfa: false })))
      .expect(200);
  });

  it('optionalAuth lets anonymous requests through but not bad tokens', async () => {
    expect((await request(app()).get('/feed').expect(200)).body).toEqual({ user: null });
    expect(
      (
        await request(app())
          .get('/feed')
          .set(bearer(await issuer.issue(ada)))
          .expect(200)
      ).body,
    ).toEqual({ user: 'user-1' });
    await request(app()).get('/feed').set(bearer('nonsense')).expect(401);
  });

  it('getAuth on an unguarded route refuses rather than inventing a user', async () => {
    await request(app())
      .get('/unguarded')
      .set(bearer(await issuer.issue(ada)))
      .expect(401);
  });
});
