import { createHash } from 'node:crypto';
import {
  adminAuditList,
  API_KEY_PREFIX,
  apiKeyCreated,
  apiKeyIssuedV1,
  apiKeyList,
  apiKeyRevokedV1,
  type EventEnvelope,
  MAX_API_KEYS_PER_ACCOUNT,
  session,
} from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { apiKeys } from '../src/db/schema';
import { bearer, type IdentityHarness, latestEmail, PASSWORD, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

const api = '/api/identity';
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

describe(`svc-identity API keys (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let adminToken: string;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    adminToken = (await signUpConfirmed(identity.url, adminEmail)).session.accessToken;
    for (const event of [apiKeyIssuedV1, apiKeyRevokedV1]) {
      await identity.bus.bus.subscribe({ durable: `test-${event.type.replaceAll('.', '-')}`, subject: event.subject, handler: async (envelope) => void published.push(envelope) });
    }
  });
  afterAll(() => identity.close());

  const publishedFor = (type: string, keyId: string) => published.find((event) => event.type === type && (event.data as { keyId: string }).keyId === keyId);
  const create = (token: string, body: object) => request(identity.url).post(`${api}/me/api-keys`).set(bearer(token)).send(body);
  const list = async (token: string) => apiKeyList.parse((await request(identity.url).get(`${api}/me/api-keys`).set(bearer(token)).expect(200)).body).keys;
  const revoke = (token: string, keyId: string) => request(identity.url).delete(`${api}/me/api-keys/${keyId}`).set(bearer(token));
  /** A session from the password alone: not recent proof of the account, so a credential change needs the password again. */
  const passwordSession = async (email: string) => session.parse((await request(identity.url).post(`${api}/signin/password`).send({ email, password: PASSWORD }).expect(200)).body);

  it('shows a new key’s secret once, lists it without the secret, and publishes only its hash', async () => {
    // The emailed link just signed this user in: recent enough proof without the password.
    const owner = await signUpConfirmed(identity.url);
    const token = owner.session.accessToken;
    const response = await create(token, { name: '  n8n workflows ', monthlyCreditCap: 500, allowedAgents: ['support-bot'], expiresAt: '2099-01-01T00:00:00Z' }).expect(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { key, secret } = apiKeyCreated.parse(response.body);
    // The prefix and 32 random bytes, base64url: 43 characters.
    expect(secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(key).toEqual({
      id: expect.any(String),
      name: 'n8n workflows',
      lastFour: secret.slice(-4),
      monthlyCreditCap: 500,
      allowedAgents: ['support-bot'],
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdAt: expect.any(String),
      organisationId: null,
    });

    const listed = await list(token);
    expect(listed).toEqual([key]);
    const listing = JSON.stringify(listed);
    expect(listing).not.toContain(secret);
    expect(listing).not.toContain(sha256Hex(secret));
    const [stored] = await identity.service.context.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored?.secretHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const event = await eventually(async () => publishedFor(apiKeyIssuedV1.type, key.id));
    expect(event.data).toEqual({
      keyId: key.id,
      userId: owner.session.user.id,
      name: 'n8n workflows',
      secretHash: sha256Hex(secret),
      lastFour: secret.slice(-4),
      monthlyCreditCap: 500,
      allowedAgents: ['support-bot'],
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdAt: key.createdAt,
      organisationId: null,
    });
    expect(JSON.stringify(event)).not.toContain(secret);

    const email = await latestEmail(identity.url, owner.email, /A new API key was created/);
    expect(email.text).toContain(`"n8n workflows" (ending in ${secret.slice(-4)})`);
    expect(email.text).toContain('If it was not you');
    expect(email.text).not.toContain(secret);
  });

  it('is a credential change: a password-only session must give the current password', async () => {
    const owner = await signUpConfirmed(identity.url);
    const { accessToken } = await passwordSession(owner.email);
    const refused = await create(accessToken, { name: 'CI' }).expect(403);
    expect(refused.body.error.code).toBe('reauthentication_required');
    const wrong = await create(accessToken, { name: 'CI', currentPassword: 'not my password' }).expect(400);
    expect(wrong.body.error.code).toBe('invalid_current_password');
    expect(await list(accessToken)).toEqual([]);

    const made = apiKeyCreated.parse((await create(accessToken, { name: 'CI', currentPassword: PASSWORD }).expect(201)).body);
    expect(made.key).toMatchObject({ name: 'CI', monthlyCreditCap: null, allowedAgents: null, expiresAt: null });
  });

  it('refuses an expiry in the past and bad input, naming the field', async () => {
    const { session: signedIn } = await signUpConfirmed(identity.url);
    const past = await create(signedIn.accessToken, { name: 'old', expiresAt: new Date(Date.now() - 60_000).toISOString() }).expect(400);
    expect(past.body.error.fields).toEqual([{ path: 'expiresAt', message: 'Choose an expiry date in the future' }]);
    const blank = await create(signedIn.accessToken, { name: '   ' }).expect(400);
    expect(blank.body.error.fields.map((field: { path: string }) => field.path)).toEqual(['name']);
    expect(await list(signedIn.accessToken)).toEqual([]);
  });

  it(`allows at most ${MAX_API_KEYS_PER_ACCOUNT} keys that are not revoked`, async () => {
    const { session: signedIn } = await signUpConfirmed(identity.url);
    const token = signedIn.accessToken;
    const made: string[] = [];
    for (let index = 0; index < MAX_API_KEYS_PER_ACCOUNT; index += 1) {
      made.push(apiKeyCreated.parse((await create(token, { name: `key ${index}` }).expect(201)).body).key.id);
    }
    const full = await create(token, { name: 'one too many' }).expect(409);
    expect(full.body.error).toMatchObject({ code: 'api_key_limit_reached', message: 'You have 20 API keys, the most an account can have. Revoke one to make another.' });
    await revoke(token, made[0]!).expect(204);
    await create(token, { name: 'in its place' }).expect(201);
    expect(await list(token)).toHaveLength(MAX_API_KEYS_PER_ACCOUNT);
  });

  it('revokes only the owner’s own key, once, and tells the owner and the admins', async () => {
    const owner = await signUpConfirmed(identity.url);
    const other = await signUpConfirmed(identity.url);
    const userId = owner.session.user.id;
    const token = owner.session.accessToken;
    const { key, secret } = apiKeyCreated.parse((await create(token, { name: 'laptop' }).expect(201)).body);
    const kept = apiKeyCreated.parse((await create(token, { name: 'server' }).expect(201)).body).key;

    const refused = await revoke(other.session.accessToken, key.id).expect(404);
    expect(refused.body.error.code).toBe('api_key_not_found');
    await revoke(token, '00000000-0000-4000-8000-000000000000').expect(404);
    await revoke(token, 'not-a-key').expect(404);
    expect((await list(token)).map((listed) => listed.id)).toEqual([kept.id, key.id]);

    await revoke(token, key.id).expect(204);
    expect((await list(token)).map((listed) => listed.id)).toEqual([kept.id]);
    // Idempotent: a second revoke (a retried click) changes nothing and publishes nothing.
    await revoke(token, key.id).expect(204);

    const event = await eventually(async () => publishedFor(apiKeyRevokedV1.type, key.id));
    expect(event.data).toEqual({ keyId: key.id, userId, organisationId: null });
    const email = await latestEmail(identity.url, owner.email, /An API key was revoked/);
    expect(email.text).toContain(`"laptop" (ending in ${secret.slice(-4)})`);
    expect(email.text).toContain('If it was not you');

    const audit = adminAuditList.parse((await request(identity.url).get(`${api}/admin/audit`).query({ user: userId }).set(bearer(adminToken)).expect(200)).body).entries;
    expect(audit.map((entry) => [entry.action, entry.target])).toEqual([
      ['api-key.revoked', `api-key:${key.id}`],
      ['api-key.created', `api-key:${kept.id}`],
      ['api-key.created', `api-key:${key.id}`],
    ]);
    expect(audit[0]).toMatchObject({ actorId: userId, actorEmail: owner.email, subjectUserId: userId, after: { name: 'laptop', lastFour: secret.slice(-4) } });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });
});
