import { session as sessionBody, userProfile } from '@agentdock/contracts';
import { eq, getTableName } from '@agentdock/service-data/orm';
import { gatewayHeaders } from '@agentdock/service-data/testing';
import request from 'supertest';
import { users } from '../src/db/schema';
import { bearer, type IdentityHarness, latestEmail, mailbox, PASSWORD, PUBLIC_URL, signUpConfirmed, startIdentity, testOptions, uniqueEmail, uniquePhone } from './helpers';

const api = '/api/identity';
const driver = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The six digits of a text or an email. */
const sixDigits = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
const otherCode = (code: string | undefined) => (code === '000000' ? '111111' : '000000');

/** 203.0.113.0/24 and 198.51.100.0/24 are documentation ranges: a distinct source per call site. */
let sources = 0;
const nextSource = () => `203.0.113.${(sources += 1)}`;

// The attack suite (`npm run jest -- attack`): guessing passwords through every door of an account.
describe(`password guesses are counted per account and source, whichever identifier is typed (${driver})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    const options = testOptions();
    options.rateLimits.signin.account = { points: 3, durationSeconds: 900 };
    identity = await startIdentity(options);
  });
  afterAll(() => identity.close());

  const signIn = (ip: string, body: object) => request(identity.url).post(`${api}/signin/password`).set(gatewayHeaders(ip)).send(body);
  /** An account whose phone number has been proved (set as the verification would). */
  const accountWithPhone = async () => {
    const account = await signUpConfirmed(identity.url);
    const phone = uniquePhone();
    await identity.service.context.db.update(users).set({ phone }).where(eq(users.id, account.session.user.id));
    return { ...account, phone };
  };

  it('spends one budget per source on an account, typed as its email or its phone number', async () => {
    const { email, phone } = await accountWithPhone();
    const guesser = nextSource();
    await signIn(guesser, { email, password: 'guess 1' }).expect(400);
    await signIn(guesser, { phone, password: 'guess 2' }).expect(400);
    await signIn(guesser, { email, password: 'guess 3' }).expect(400);
    const limited = await signIn(guesser, { phone, password: 'guess 4' });
    expect([limited.status, limited.body.error?.code]).toEqual([429, 'rate_limited']);
    // The owner, from elsewhere, signs in by either.
    await signIn(nextSource(), { phone, password: PASSWORD }).expect(200);
    await signIn(nextSource(), { email, password: PASSWORD }).expect(200);
  });

  it('alerts the owner at ten failures across email and phone, and slows a guesser whichever it types next', async () => {
    const { email, phone } = await accountWithPhone();
    const guessers = Array.from({ length: 10 }, nextSource);
    for (const [index, ip] of guessers.entries()) await signIn(ip, index % 2 === 0 ? { email, password: 'guess' } : { phone, password: 'guess' }).expect(400);

    const alert = await latestEmail(identity.url, email, /Someone is trying to sign in/);
    expect(alert.links).toEqual([`${PUBLIC_URL}/forgot-password`]);
    // guessers[0] failed by email; by phone it is the same account, so it waits too.
    const slowed = await signIn(guessers[0]!, { phone, password: 'guess' });
    expect([slowed.status, Number(slowed.headers['retry-after']) > 0]).toEqual([429, true]);
  });

  it('answers guesses at an unknown address exactly as at an account, after the same work', async () => {
    const { email } = await accountWithPhone();
    const db = identity.service.context.db;
    const guessesAt = async (body: object) => {
      const ip = nextSource();
      const insert = jest.spyOn(db, 'insert');
      try {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await signIn(ip, { ...body, password: 'guess' })).status);
        return { statuses, inserted: insert.mock.calls.map(([table]) => getTableName(table)) };
      } finally {
        insert.mockRestore();
      }
    };
    const known = await guessesAt({ email });
    expect(known.statuses).toEqual([400, 400, 400, 429]);
    expect(await guessesAt({ email: uniqueEmail('nobody') })).toEqual(known);
    expect(await guessesAt({ phone: uniquePhone() })).toEqual(known);
  });

  it('forgives a source its re-authentication failures once it confirms a change', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const ip = nextSource();
    const token = sessionBody.parse((await signIn(ip, { email, password: PASSWORD }).expect(200)).body).accessToken;
    const createKey = (currentPassword: string) =>
      request(identity.url).post(`${api}/me/api-keys`).set(gatewayHeaders(ip)).set(bearer(token)).send({ name: 'CI', currentPassword });
    for (const round of [1, 2]) {
      await createKey(`wrong ${round}a`).expect(400);
      await createKey(`wrong ${round}b`).expect(400);
      // Two failures, then a success: the third attempt of a budget of three, which it resets.
      await createKey(PASSWORD).expect(201);
    }
  });
});

describe(`re-authentication guesses with a stolen access token (${driver})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    const options = testOptions();
    options.rateLimits.signin.account = { points: 10, durationSeconds: 900 };
    identity = await startIdentity(options);
  });
  afterAll(() => identity.close());

  const passwordSession = async (email: string, ip: string) =>
    sessionBody.parse((await request(identity.url).post(`${api}/signin/password`).set(gatewayHeaders(ip)).send({ email, password: PASSWORD }).expect(200)).body);
  const changePassword = (ip: string, token: string, body: object) => request(identity.url).post(`${api}/me/password`).set(gatewayHeaders(ip)).set(bearer(token)).send(body);

  it('does not let ten wrong current passwords from one source block the owner from another', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const thief = nextSource();
    const stolen = await passwordSession(email, thief);
    const refusals = [];
    for (let guess = 0; guess < 10; guess += 1)
      refusals.push((await changePassword(thief, stolen.accessToken, { password: 'the thief’s choice', currentPassword: `guess ${guess}` })).status);
    expect(refusals.every((status) => status === 400 || status === 429)).toBe(true);

    const home = nextSource();
    const owner = await passwordSession(email, home);
    await changePassword(home, owner.accessToken, { password: 'the owner’s new password', currentPassword: PASSWORD }).expect(200);
    // The change ended every other session, the thief's included.
    expect((await changePassword(thief, stolen.accessToken, { password: 'the thief’s choice', currentPassword: 'x' })).body.error.code).toBe('session_revoked');
  });

  it('lets thirteen correct confirmations in a quarter of an hour through, and locks nothing after them', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const ip = nextSource();
    const { accessToken } = await passwordSession(email, ip);
    const created = [];
    for (let key = 0; key < 13; key += 1) {
      created.push(
        (
          await request(identity.url)
            .post(`${api}/me/api-keys`)
            .set(gatewayHeaders(ip))
            .set(bearer(accessToken))
            .send({ name: `key ${key}`, currentPassword: PASSWORD })
        ).status,
      );
    }
    expect(created).toEqual(Array.from({ length: 13 }, () => 201));
    await passwordSession(email, ip);
  });

  it('emails the owner when wrong current passwords reach the alert threshold', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const stolen = await passwordSession(email, nextSource());
    // A source each, so that none of them is slowed down before the tenth.
    for (let guess = 0; guess < 10; guess += 1)
      await changePassword(nextSource(), stolen.accessToken, { password: 'the thief’s choice', currentPassword: `guess ${guess}` }).expect(400);
    const alert = await latestEmail(identity.url, email, /Someone is trying to change your Agentdock account/);
    expect(alert.links).toEqual([`${PUBLIC_URL}/forgot-password`]);
    expect(alert.text).toMatch(/current password/);
  });
});

describe(`a phone number signs in only once proved by a code (${driver})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  const post = (path: string, body: object) => request(identity.url).post(`${api}${path}`).send(body);
  const patchMe = (token: string, body: object) => request(identity.url).patch(`${api}/me`).set(bearer(token)).send(body);
  const verifyPhone = (token: string, code: string | undefined) => request(identity.url).post(`${api}/me/phone/verify`).set(bearer(token)).send({ code });
  const textedCode = async (phone: string) => sixDigits((await latestEmail(identity.url, phone, /verification code/)).text);
  const passwordSession = async (email: string) => sessionBody.parse((await post('/signin/password', { email, password: PASSWORD }).expect(200)).body);

  it('refuses an unproved phone number at sign-in, and signs in with it once its code is entered', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const phone = uniquePhone();
    const set = userProfile.parse((await patchMe(session.accessToken, { phone }).expect(200)).body);
    expect(set).toMatchObject({ phone: null, pendingPhone: phone });
    expect((await post('/signin/password', { phone, password: PASSWORD }).expect(400)).body.error.code).toBe('invalid_credentials');

    const code = await textedCode(phone);
    expect(code).toBeDefined();
    const wrong = await verifyPhone(session.accessToken, otherCode(code)).expect(400);
    expect(wrong.body.error.code).toBe('invalid_otp');
    const proved = userProfile.parse((await verifyPhone(session.accessToken, code).expect(200)).body);
    expect(proved).toMatchObject({ phone, pendingPhone: null });
    const byPhone = sessionBody.parse((await post('/signin/password', { phone, password: PASSWORD }).expect(200)).body);
    expect(byPhone.user).toMatchObject({ email, phone });
  });

  it('asks for the current password before a password session sets or changes a phone number, not for a name', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const { accessToken } = await passwordSession(email);
    const phone = uniquePhone();
    const without = await patchMe(accessToken, { phone }).expect(403);
    expect(without.body.error).toMatchObject({ code: 'reauthentication_required', message: 'For your security, enter your current password to make this change.' });
    expect((await patchMe(accessToken, { phone, currentPassword: 'a guess' }).expect(400)).body.error.code).toBe('invalid_current_password');
    expect(userProfile.parse((await request(identity.url).get(`${api}/me`).set(bearer(accessToken)).expect(200)).body)).toMatchObject({ phone: null, pendingPhone: null });

    await patchMe(accessToken, { phone, currentPassword: PASSWORD }).expect(200);
    // The number it already shows, sent again with a new name (as the profile form does), changes no credential.
    expect((await patchMe(accessToken, { fullName: 'Ada King', phone }).expect(200)).body).toMatchObject({ fullName: 'Ada King', pendingPhone: phone });
  });

  it('answers a number another account uses like any other, sends it nothing and never proves it for a second account', async () => {
    const owner = await signUpConfirmed(identity.url);
    const phone = uniquePhone();
    await identity.service.context.db.update(users).set({ phone }).where(eq(users.id, owner.session.user.id));

    const intruder = await signUpConfirmed(identity.url);
    const taken = await patchMe(intruder.session.accessToken, { phone });
    const freshNumber = uniquePhone();
    const fresh = await patchMe((await signUpConfirmed(identity.url)).session.accessToken, { phone: freshNumber });
    expect(taken.status).toBe(200);
    expect([taken.status, Object.keys(taken.body).sort()]).toEqual([fresh.status, Object.keys(fresh.body).sort()]);
    expect(taken.body).toMatchObject({ phone: null, pendingPhone: phone });

    // The fresh number gets its code (so the texts have been sent); the taken one nothing.
    await textedCode(freshNumber);
    expect((await mailbox(identity.url).query({ to: phone })).body.messages).toEqual([]);
    expect((await verifyPhone(intruder.session.accessToken, '123456').expect(400)).body.error.code).toBe('invalid_otp');
    expect((await post('/signin/password', { phone, password: PASSWORD }).expect(200)).body.user.email).toBe(owner.email);
  });
});
