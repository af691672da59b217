import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type EventDefinition, type MailboxMessage, mailboxMessages, REFRESH_COOKIE, session, type Session } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import request from 'supertest';
import type { z } from 'zod';
import { type IdentityOptions, loadIdentityOptions } from '../src/config';
import type { IdentitySchema } from '../src/db/schema';
import { RATE_LIMITED_ACTIONS } from '../src/domain/rate-limit-settings';
import { createIdentityService } from '../src/index';

export const PUBLIC_URL = 'http://localhost:3000';
export const PASSWORD = 'correct horse battery';
export const MAILBOX_TOKEN = 'test-mailbox-token-0123456789';
/** 32 bytes, base64: the tests' MFA_ENCRYPTION_KEY. */
export const MFA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** Options as on one machine, with per-IP limits out of the way (tests all come from 127.0.0.1). */
export function testOptions(overrides: Partial<IdentityOptions> = {}): IdentityOptions {
  const generous = RATE_LIMITED_ACTIONS.map((action) => `${action}.ip=10000,${action}.account=10000`).join(',');
  return { ...loadIdentityOptions({ PUBLIC_URL, MAILBOX_ENABLED: 'true', MAILBOX_TOKEN, AUTH_RATE_LIMITS: generous, MFA_ENCRYPTION_KEY }), ...overrides };
}

export interface IdentityHarness {
  bus: TestBus;
  service: TestService<IdentitySchema>;
  url: string;
  close(): Promise<void>;
}

export async function startIdentity(
  options: IdentityOptions = testOptions(),
  bus?: TestBus,
  { adminRequireMfa = false }: { adminRequireMfa?: boolean } = {},
): Promise<IdentityHarness> {
  const testBus = bus ?? (await createTestBus());
  const service = await startTestService(createIdentityService(options), { bus: testBus.bus, adminRequireMfa });
  return {
    bus: testBus,
    service,
    url: service.url,
    close: async () => {
      await service.cleanup();
      if (!bus) await testBus.destroy();
    },
  };
}

let counter = 0;
/** A fresh address per test, so tests in one file never see each other's accounts or limits. */
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;
/** A fresh phone number in international format (E.164), likewise. */
export const uniquePhone = () => `+1555${String(Date.now()).slice(-7)}${String((counter += 1) % 100).padStart(2, '0')}`;

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A request to the local mailbox's JSON, with its secret. */
export const mailbox = (url: string) => request(url).get('/api/identity/dev/mailbox/messages').set('x-mailbox-token', MAILBOX_TOKEN);

/** Waits for the newest email to an address whose subject matches. */
export async function latestEmail(url: string, to: string, subject: RegExp): Promise<MailboxMessage> {
  return eventually(async () => {
    const response = await mailbox(url).query({ to });
    return mailboxMessages.parse(response.body).messages.find((message) => subject.test(message.subject));
  });
}

export function codeFrom(link: string): string {
  const code = new URL(link).searchParams.get('code');
  if (!code) throw new Error(`No code in ${link}`);
  return code;
}

export function refreshCookieFrom(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((entry) => entry.startsWith(`${REFRESH_COOKIE}=`));
  const value = cookie?.split(';')[0]?.slice(REFRESH_COOKIE.length + 1);
  return value ? value : undefined;
}

export const refreshCookieHeader = (token: string) => `${REFRESH_COOKIE}=${token}`;

/** Signs up and confirms through the emailed link, returning the session the link gave. */
export async function signUpConfirmed(url: string, email = uniqueEmail(), fullName = 'Ada Lovelace'): Promise<{ email: string; session: Session; refreshToken: string }> {
  const { verifier, challenge } = pkce();
  await request(url).post('/api/identity/signup').send({ email, password: PASSWORD, fullName, codeChallenge: challenge }).expect(201);
  const message = await latestEmail(url, email, /Confirm/);
  const response = await request(url)
    .post('/api/identity/token/exchange')
    .send({ code: codeFrom(message.links[0]!), codeVerifier: verifier })
    .expect(200);
  return { email, session: session.parse(response.body), refreshToken: refreshCookieFrom(response)! };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user, a suspended user and an admin (`adminEmail` must be among the service's admin emails), as bearer headers. */
export async function signedInCallers(url: string, adminEmail: string): Promise<Record<'user' | 'suspended' | 'admin', { authorization: string }>> {
  const admin = bearer((await signUpConfirmed(url, adminEmail)).session.accessToken);
  const user = bearer((await signUpConfirmed(url)).session.accessToken);
  const suspendedAccount = await signUpConfirmed(url);
  await request(url).patch(`/api/identity/admin/users/${suspendedAccount.session.user.id}`).set(admin).send({ isSuspended: true }).expect(200);
  return { user, suspended: bearer(suspendedAccount.session.accessToken), admin };
}

/**
 * Another service's event about a user, delivered twice as a redelivery would be, then the one
 * email it must have caused: a second one means the consumer is not idempotent.
 */
export async function emailOnceFor<TType extends string, TData extends z.ZodType>(
  identity: IdentityHarness,
  event: EventDefinition<TType, TData>,
  data: z.infer<TData>,
  to: string,
  subject: RegExp,
): Promise<MailboxMessage> {
  const envelope = { id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'another-service', data };
  await identity.bus.bus.publish(event.subject, envelope);
  await identity.bus.bus.publish(event.subject, envelope);
  const message = await latestEmail(identity.url, to, subject);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const all = mailboxMessages.parse((await mailbox(identity.url).query({ to })).body).messages;
  expect(all.filter((entry) => subject.test(entry.subject))).toHaveLength(1);
  return message;
}
