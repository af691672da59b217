import { session, userProfile } from '@agentdock/contracts';
import request from 'supertest';
import { bearer, codeFrom, type IdentityHarness, latestEmail, PASSWORD, pkce, PUBLIC_URL, refreshCookieFrom, startIdentity, uniqueEmail } from './helpers';

describe(`svc-identity sign-up and confirmation (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it('signs up, emails a confirmation link to /auth/callback, and the link signs in the browser holding the verifier', async () => {
    const email = uniqueEmail('ada');
    const { verifier, challenge } = pkce();
    const signUp = await request(identity.url)
      .post('/api/identity/signup')
      .send({ email, password: PASSWORD, fullName: 'Ada Lovelace', codeChallenge: challenge, redirectTo: '/chat' })
      .expect(201);
    expect(signUp.body).toEqual({ status: 'confirmation_sent' });

    const message = await latestEmail(identity.url, email, /Confirm your Agentdock account/);
    const link = new URL(message.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('next')).toBe('/chat');
    expect(message.text).toContain(message.links[0]);

    const exchanged = await request(identity.url)
      .post('/api/identity/token/exchange')
      .send({ code: codeFrom(link.toString()), codeVerifier: verifier })
      .expect(200);
    const body = session.parse(exchanged.body);
    expect(body).toMatchObject({ tokenType: 'bearer', kind: 'link', user: { email, fullName: 'Ada Lovelace', isAdmin: false, subscriptionTier: 'free' } });
    expect(body.user.emailConfirmedAt).not.toBeNull();
    expect(refreshCookieFrom(exchanged)).toBeDefined();

    const me = await request(identity.url).get('/api/identity/me').set(bearer(body.accessToken)).expect(200);
    expect(userProfile.parse(me.body)).toMatchObject({ id: body.user.id, email, fullName: 'Ada Lovelace' });
  });

  it('confirms the address when the confirmation link is opened in another browser, with no session there, and leaves the link to the browser that asked', async () => {
    const email = uniqueEmail('elsewhere');
    const { verifier, challenge } = pkce();
    await request(identity.url).post('/api/identity/signup').send({ email, password: PASSWORD, codeChallenge: challenge }).expect(201);
    const code = codeFrom((await latestEmail(identity.url, email, /Confirm your Agentdock account/)).links[0]!);
    await request(identity.url).post('/api/identity/signin/password').send({ email, password: PASSWORD }).expect(403);

    const opened = await request(identity.url).post('/api/identity/links/open').send({ code }).expect(200);
    expect(opened.body).toEqual({ purpose: 'signup', email, emailConfirmed: true });
    expect(refreshCookieFrom(opened)).toBeUndefined();
    await request(identity.url).post('/api/identity/signin/password').send({ email, password: PASSWORD }).expect(200);
    // The browser that asked can still finish the link.
    await request(identity.url).post('/api/identity/token/exchange').send({ code, codeVerifier: verifier }).expect(200);
    expect((await request(identity.url).post('/api/identity/links/open').send({ code }).expect(400)).body.error.code).toBe('invalid_code');
  });

  it('says what a sign-in link opened in another browser was for, without signing anyone in', async () => {
    const email = uniqueEmail('magic-elsewhere');
    await request(identity.url).post('/api/identity/signup').send({ email, password: PASSWORD, codeChallenge: pkce().challenge }).expect(201);
    await request(identity.url).post('/api/identity/magic-link').send({ email, codeChallenge: pkce().challenge }).expect(202);
    const code = codeFrom((await latestEmail(identity.url, email, /sign-in link/)).links[0]!);
    const opened = await request(identity.url).post('/api/identity/links/open').send({ code }).expect(200);
    expect(opened.body).toEqual({ purpose: 'magiclink', email, emailConfirmed: false });
    expect(refreshCookieFrom(opened)).toBeUndefined();
    await request(identity.url).post('/api/identity/links/open').send({ code: 'never-issued' }).expect(400);
  });
});
