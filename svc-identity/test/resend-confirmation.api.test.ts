import { mailboxMessages, otpSent, session } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { gatewayHeaders } from '@agentdock/service-data/testing';
import request from 'supertest';
import { codeFrom, type IdentityHarness, latestEmail, mailbox, PASSWORD, pkce, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

const api = '/api/identity';
const CONFIRM = /^Confirm your Agentdock account$/;

async function confirmationEmails(url: string, to: string) {
  const response = await mailbox(url).query({ to });
  return mailboxMessages.parse(response.body).messages.filter((message) => CONFIRM.test(message.subject));
}

describe(`svc-identity resend confirmation and code validity over HTTP (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    const options = testOptions({ otpTtlMinutes: 7 });
    options.rateLimits.resend.account = { points: 2, durationSeconds: 3600 };
    identity = await startIdentity(options);
  });
  afterAll(() => identity.close());

  const post = (path: string, body: object) => request(identity.url).post(`${api}${path}`).send(body);

  it('gets a stranded account out: a fresh link for this browser confirms it, and the password then signs in', async () => {
    const email = uniqueEmail('stranded');
    // Signed up in one browser; that browser's link is useless here (its PKCE verifier stayed there).
    await post('/signup', { email, password: PASSWORD, codeChallenge: pkce().challenge }).expect(201);
    await latestEmail(identity.url, email, CONFIRM);
    expect((await post('/signin/password', { email, password: PASSWORD }).expect(403)).body.error.code).toBe('email_not_confirmed');

    const here = pkce();
    expect((await post('/signup/resend', { email, codeChallenge: here.challenge, redirectTo: '/chat' }).expect(202)).body).toEqual({ status: 'email_sent' });
    const fresh = await eventually(async () => {
      const emails = await confirmationEmails(identity.url, email);
      return emails.length === 2 ? emails[0] : undefined;
    });
    const link = new URL(fresh!.links[0]!);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('next')).toBe('/chat');

    const exchanged = await post('/token/exchange', { code: codeFrom(link.toString()), codeVerifier: here.verifier }).expect(200);
    expect(session.parse(exchanged.body).user.emailConfirmedAt).not.toBeNull();
    await post('/signin/password', { email, password: PASSWORD }).expect(200);
  });

  it('answers confirmed and unknown addresses alike, and emails neither', async () => {
    const { email: confirmed } = await signUpConfirmed(identity.url);
    const nobody = uniqueEmail('nobody');
    const forConfirmed = await post('/signup/resend', { email: confirmed, codeChallenge: pkce().challenge });
    const forNobody = await post('/signup/resend', { email: nobody, codeChallenge: pkce().challenge });
    expect([forNobody.status, forNobody.body]).toEqual([forConfirmed.status, forConfirmed.body]);
    expect(forNobody.status).toBe(202);

    // Give a background send the time it would take, then check nothing went out.
    await signUpConfirmed(identity.url);
    expect(await confirmationEmails(identity.url, confirmed)).toHaveLength(1);
    expect(mailboxMessages.parse((await mailbox(identity.url).query({ to: nobody })).body).messages).toEqual([]);
  });

  it('is rate limited per address, whatever the IP', async () => {
    const email = uniqueEmail('flood');
    const from = (ip: string) => request(identity.url).post(`${api}/signup/resend`).set(gatewayHeaders(ip)).send({ email, codeChallenge: pkce().challenge });
    expect((await from('203.0.113.10')).status).toBe(202);
    expect((await from('203.0.113.11')).status).toBe(202);
    const limited = await from('203.0.113.12');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });

  it('refuses a request without a valid address or PKCE challenge with a 400', async () => {
    const refused = await post('/signup/resend', { email: 'not-an-address' }).expect(400);
    expect(refused.body.error.fields.map((field: { path: string }) => field.path).sort()).toEqual(['codeChallenge', 'email']);
  });

  it('states the configured code validity in the answer and in the email', async () => {
    const { email } = await signUpConfirmed(identity.url);
    const answer = otpSent.parse((await post('/otp', { email }).expect(202)).body);
    expect(answer.expiresInMinutes).toBe(7);
    const message = await latestEmail(identity.url, email, /sign-in code/);
    expect(message.text).toContain('It expires in 7 minutes.');
    // Unknown addresses get the same answer (and no email).
    expect((await post('/otp', { email: uniqueEmail('nobody') }).expect(202)).body).toEqual(answer);
  });
});
