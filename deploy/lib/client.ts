// What the smoke journey (deploy/smoke.ts) and the cluster drill (deploy/cluster-drill.ts) do as a
// person would: plain HTTP to the platform's public port, the test SMTP sink's listing and the
// local Stripe provider's hosted checkout page, all on this machine.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const PASSWORD = 'smoke: correct horse battery staple';
const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export function fail(message: string): never {
  throw new Error(message);
}

/** Polls `probe` until it returns something other than undefined, or fails after `seconds`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) fail(`timed out after ${seconds}s waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the base32 secret. */
export function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Session {
  accessToken: string;
  user: { id: string; email: string; isAdmin?: boolean };
}
export interface Wallet {
  tier: string;
  creditsRemaining: number;
  creditsLimit: number;
  purchasedCredits: number;
}
export interface Subscription {
  id: string;
  tier: string;
  status: string;
  kind: string;
}
export interface ChatMessage {
  id: string;
  content: string;
  creditsUsed: number;
}
export interface ChatDone {
  userMessage: ChatMessage;
  reply: ChatMessage;
  creditsRemaining: number;
  purchasedCredits: number;
}
export interface Completion {
  /** `chatcmpl-` and the reply's id without its dashes. */
  id: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
interface SinkMessage {
  id: string;
  subject: string;
  links: string[];
}

export interface ClientOptions {
  /** The platform's public address (the gateway, or the load balancer in front of the gateways). */
  baseUrl: string;
  /** The test SMTP sink's HTTP listing. */
  sinkUrl: string;
  /** Per-request time limit. */
  timeoutMs?: number;
}

export function createClient({ baseUrl, sinkUrl, timeoutMs = 30_000 }: ClientOptions) {
  async function api<T>(method: string, path: string, options: { token?: string; body?: unknown; expect?: number } = {}): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const expected = options.expect ?? (response.ok ? response.status : 200);
    if (response.status !== expected) throw new HttpError(`${method} ${path} answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`, response.status);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function mailTo(address: string): Promise<SinkMessage[]> {
    const response = await fetch(`${sinkUrl}/messages?to=${encodeURIComponent(address)}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) fail(`the SMTP sink answered ${response.status}`);
    return ((await response.json()) as { messages: SinkMessage[] }).messages;
  }

  /** Signs up; returns the PKCE verifier the emailed link's code is exchanged with. */
  async function signUp(email: string, fullName: string): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
    await api('POST', '/api/identity/signup', { body: { email, password: PASSWORD, fullName, codeChallenge }, expect: 201 });
    return verifier;
  }

  /** Confirms with the link from the confirmation email the SMTP sink received. */
  async function confirm(email: string, verifier: string): Promise<Session> {
    const confirmation = await eventually(`the confirmation email to ${email} in the SMTP sink`, async () =>
      (await mailTo(email)).find((message) => /^Confirm your Agentdock account$/.test(message.subject)),
    );
    const link = confirmation.links.map((candidate) => new URL(candidate)).find((url) => url.pathname === '/auth/callback');
    if (!link) fail(`no /auth/callback link in "${confirmation.subject}": ${confirmation.links.join(', ')}`);
    const code = link.searchParams.get('code') ?? fail(`no code in ${link.href}`);
    return api<Session>('POST', '/api/identity/token/exchange', { body: { code, codeVerifier: verifier } });
  }

  async function signUpAndConfirm(email: string, fullName: string): Promise<Session> {
    return confirm(email, await signUp(email, fullName));
  }

  async function signIn(email: string): Promise<Session> {
    const result = await api<Session & { mfaRequired?: boolean }>('POST', '/api/identity/signin/password', { body: { email, password: PASSWORD } });
    if (!result.accessToken) fail(`signing in as ${email} gave no session: ${JSON.stringify(result).slice(0, 300)}`);
    return result;
  }

  /**
   * An admin session that passed a second factor: services run on their own refuse admin calls
   * without one (ADMIN_REQUIRE_MFA defaults to true). Signs the admin up (ADMIN_EMAILS makes the
   * account an admin once confirmed), enrols an authenticator, and signs in with it.
   */
  async function adminSession(adminEmail: string, log: (text: string) => void = () => undefined): Promise<Session> {
    log(`signing up the admin ${adminEmail}`);
    const first = await signUpAndConfirm(adminEmail, 'Smoke Admin');
    if (!first.user.isAdmin) fail(`${adminEmail} is not an admin once confirmed: is it in ADMIN_EMAILS?`);
    const { secret } = await api<{ secret: string }>('POST', '/api/identity/me/mfa/enrolment', { token: first.accessToken, body: {}, expect: 201 });
    const { recoveryCodes } = await api<{ recoveryCodes: string[] }>('POST', '/api/identity/me/mfa/enrolment/confirm', { token: first.accessToken, body: { code: totp(secret) } });
    log('the admin enrolled an authenticator');
    const challenge = await api<{ mfaRequired?: boolean; challengeToken?: string }>('POST', '/api/identity/signin/password', { body: { email: adminEmail, password: PASSWORD } });
    if (!challenge.mfaRequired || !challenge.challengeToken) fail(`signing in with a second factor enrolled gave no challenge: ${JSON.stringify(challenge).slice(0, 200)}`);
    // A recovery code: the authenticator's current code was just spent on the enrolment.
    const session = await api<Session>('POST', '/api/identity/mfa/verify', { body: { challengeToken: challenge.challengeToken, code: recoveryCodes[0] } });
    log('the admin signed in with the password and a second factor');
    return session;
  }

  const wallet = (token: string) => api<Wallet>('GET', '/api/chat/wallet', { token });
  const subscriptions = async (token: string) => (await api<{ subscriptions: Subscription[] }>('GET', '/api/billing/subscriptions', { token })).subscriptions;

  /**
   * Pays on the local provider's hosted checkout page over HTTP, as the billing flow tests do;
   * returns where the provider sends the browser (the 303's location).
   */
  async function payOnHostedCheckout(url: string, expectHeading?: string): Promise<string> {
    const page = new URL(url);
    if (!LOCAL.test(page.hostname)) fail(`the checkout page ${url} is not on this machine; only local addresses are used`);
    if (expectHeading) {
      const hosted = await (await fetch(page, { signal: AbortSignal.timeout(timeoutMs) })).text();
      if (!hosted.includes(expectHeading)) fail(`the hosted checkout page does not say "${expectHeading}": ${hosted.slice(0, 300)}`);
    }
    const response = await fetch(page, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 303) fail(`paying with 4242… answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return response.headers.get('location') ?? '';
  }

  /**
   * Sends one chat message and reads the event stream to its end; returns the `done` event's data.
   * `workspace` (a team's id) has the team's credit pool pay instead of the sender's own wallet.
   */
  async function chat(token: string, agentId: string, message: string, workspace?: string): Promise<ChatDone> {
    const response = await fetch(`${baseUrl}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(workspace ? { message, workspace } : { message }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      throw new HttpError(`sending a chat message answered ${response.status}: ${text.slice(0, 300)}`, response.status);
    }
    const events = text
      .split(/\n\n/)
      .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
      .filter((entry) => entry.event);
    const last = events.at(-1);
    if (last?.event !== 'done') throw new HttpError(`the chat stream ended with ${last?.event ?? 'nothing'}: ${text.slice(-300)}`, response.status);
    return JSON.parse(last.data ?? '{}') as ChatDone;
  }

  /** One completion from the OpenAI-compatible API (`/v1`), not streamed, as a customer's code calls it with an API key. */
  async function completion(apiKey: string, model: string, message: string): Promise<Completion> {
    return api<Completion>('POST', '/v1/chat/completions', { token: apiKey, body: { model, messages: [{ role: 'user', content: message }] } });
  }

  async function agents(token: string) {
    return api<{ agents: { id: string; key: string; name: string; tier: string; producesImages: boolean }[]; provider: { name: string; demo: boolean } }>(
      'GET',
      '/api/chat/agents',
      { token },
    );
  }

  /** Buys `planId` monthly on the hosted checkout; resolves once billing shows it active. */
  async function buyPlan(token: string, planId: string, heading: string) {
    const checkout = await api<{ url: string }>('POST', '/api/billing/checkout', { token, body: { kind: 'plan', planId, billingPeriod: 'monthly' } });
    const location = await payOnHostedCheckout(checkout.url, heading);
    const subscription = await eventually(`the active ${planId} subscription`, async () =>
      (await subscriptions(token)).find((row) => row.tier === planId && row.status === 'active'),
    );
    return { checkoutUrl: checkout.url, location, subscription };
  }

  return { api, mailTo, signUp, confirm, signUpAndConfirm, signIn, adminSession, wallet, subscriptions, payOnHostedCheckout, chat, completion, agents, buyPlan };
}

export type Client = ReturnType<typeof createClient>;
