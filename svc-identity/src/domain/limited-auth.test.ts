import { RateLimitedError } from '@agentdock/service-kit';
import type { AuthDeps } from './auth';
import { type AuthOperations, limitedAuth } from './limited-auth';
import type { RateLimits } from './rate-limits';
import { IdentityError } from './errors';
import { sha256 } from './secrets';
import type { SignInFailures } from './sign-in-failures';

const IP = '10.9.0.1';
const deps = { db: {}, options: { otpTtlMinutes: 10 } } as unknown as AuthDeps;
const session = { type: 'session' } as never;

/** A limiter that records every call in order, and refuses the actions listed in `refuse`. */
function recordingLimits(refuse: string[] = []) {
  const calls: string[] = [];
  const limits: RateLimits = {
    async consume(action, keys) {
      calls.push(`consume ${action} ${keys.ip} ${keys.account}`);
      if (refuse.includes(action)) throw new RateLimitedError('Too many attempts. Please try again in 1 minute.', { retryAfterSeconds: 60 });
    },
    async reset(action, account) {
      calls.push(`reset ${action} ${account}`);
    },
  };
  return { calls, limits };
}

/** Operations that record that they ran, succeeding unless `fail` names them. */
function recordingOps(calls: string[], fail: (keyof AuthOperations)[] = []): AuthOperations {
  const op = (name: keyof AuthOperations, result: unknown) =>
    jest.fn(async () => {
      calls.push(`run ${name}`);
      if (fail.includes(name)) throw new Error(`${name} refused`);
      return result;
    });
  return {
    signUp: op('signUp', undefined),
    resendConfirmation: op('resendConfirmation', undefined),
    signInWithPassword: op('signInWithPassword', session),
    exchangeLinkCode: op('exchangeLinkCode', session),
    requestEmailLink: jest.fn((_deps, purpose) => void calls.push(`run requestEmailLink ${purpose}`)),
    requestOtp: jest.fn(() => void calls.push('run requestOtp')),
    signInWithOtp: op('signInWithOtp', session),
    verifySecondStep: op('verifySecondStep', session),
    openChallenge: jest.fn(async () => {
      calls.push('run openChallenge');
      return { userId: 'u-1' } as never;
    }),
    alertOwnerOfFailures: jest.fn(() => void calls.push('run alertOwnerOfFailures')),
  } as unknown as AuthOperations;
}

/** Password failures as counted: `alertAt` is the failure that reaches the alert threshold. */
function recordingFailures(calls: string[], { alertAt = Infinity } = {}): SignInFailures {
  let count = 0;
  return {
    check: async (account, source) => void calls.push(`check failures ${account} ${source}`),
    failed: async (account, source) => {
      calls.push(`failed ${account} ${source}`);
      count += 1;
      return { alert: count === alertAt };
    },
    succeeded: async (account, source) => void calls.push(`succeeded ${account} ${source}`),
  };
}

function setUp(options: { refuse?: string[]; fail?: (keyof AuthOperations)[]; alertAt?: number } = {}) {
  const { calls, limits } = recordingLimits(options.refuse);
  return { calls, auth: limitedAuth(deps, limits, recordingOps(calls, options.fail), recordingFailures(calls, options)) };
}

describe('limitedAuth: the rate-limit rules of each way in', () => {
  describe('a successful sign-in forgives the account’s earlier failures', () => {
    it('password: counts per IP and per email from this IP, then resets that budget and this source’s failures', async () => {
      const { calls, auth } = setUp();
      await expect(auth.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).resolves.toBe(session);
      expect(calls).toEqual([
        `consume signin ${IP} ada@example.com from ${IP}`,
        `check failures ada@example.com ${IP}`,
        'run signInWithPassword',
        `reset signin ada@example.com from ${IP}`,
        `succeeded ada@example.com ${IP}`,
      ]);
    });

    it('password by phone: the phone number is the account', async () => {
      const { calls, auth } = setUp();
      await auth.signInWithPassword(IP, { phone: '+15550100', password: 'x' } as never);
      expect(calls).toEqual([
        `consume signin ${IP} +15550100 from ${IP}`,
        `check failures +15550100 ${IP}`,
        'run signInWithPassword',
        `reset signin +15550100 from ${IP}`,
        `succeeded +15550100 ${IP}`,
      ]);
    });

    it('one-time code: counts under verify per email and IP, then resets it', async () => {
      const { calls, auth } = setUp();
      await auth.signInWithOtp(IP, { email: 'ada@example.com', code: '123456' } as never);
      expect(calls).toEqual([`consume verify ${IP} ada@example.com from ${IP}`, 'run signInWithOtp', `reset verify ada@example.com from ${IP}`]);
    });

    it('second step: counts per user (not per challenge), then resets it', async () => {
      const { calls, auth } = setUp();
      await auth.verifySecondStep(IP, { challengeToken: 't', code: '123456' } as never);
      expect(calls).toEqual(['run openChallenge', `consume mfa ${IP} user:u-1`, 'run verifySecondStep', 'reset mfa user:u-1']);
    });
  });

  describe('a failed attempt keeps counting', () => {
    it.each([
      ['signInWithPassword', (auth: ReturnType<typeof limitedAuth>) => auth.signInWithPassword(IP, { email: 'a@example.com', password: 'x' } as never)],
      ['signInWithOtp', (auth: ReturnType<typeof limitedAuth>) => auth.signInWithOtp(IP, { email: 'a@example.com', code: '1' } as never)],
      ['verifySecondStep', (auth: ReturnType<typeof limitedAuth>) => auth.verifySecondStep(IP, { challengeToken: 't', code: '1' } as never)],
    ] as const)('%s: no reset after a refusal', async (name, call) => {
      const { calls, auth } = setUp({ fail: [name] });
      await expect(call(auth)).rejects.toThrow(`${name} refused`);
      expect(calls.some((entry) => entry.startsWith('reset'))).toBe(false);
    });
  });

  describe('wrong passwords', () => {
    it('count as failures of the account from this source, and alert the owner once the count says so', async () => {
      const calls: string[] = [];
      const ops = recordingOps(calls);
      (ops.signInWithPassword as jest.Mock).mockRejectedValue(new IdentityError('invalid_credentials'));
      const limited = limitedAuth(deps, recordingLimits().limits, ops, recordingFailures(calls, { alertAt: 2 }));
      await expect(limited.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(calls).toEqual([`check failures ada@example.com ${IP}`, `failed ada@example.com ${IP}`]);
      await expect(limited.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(calls.slice(2)).toEqual([`check failures ada@example.com ${IP}`, `failed ada@example.com ${IP}`, 'run alertOwnerOfFailures']);
      // Other refusals (unconfirmed address, suspended) are not guesses.
      const { calls: other, auth: refusing } = setUp({ fail: ['signInWithPassword'] });
      await expect(refusing.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).rejects.toThrow();
      expect(other.some((entry) => entry.startsWith('failed'))).toBe(false);
    });
  });

  describe('a spent budget stops the attempt before it runs', () => {
    it.each([
      ['signup', (auth: ReturnType<typeof limitedAuth>) => auth.signUp(IP, { email: 'a@example.com' } as never)],
      ['resend', (auth: ReturnType<typeof limitedAuth>) => auth.resendConfirmation(IP, { email: 'a@example.com' } as never)],
      ['signin', (auth: ReturnType<typeof limitedAuth>) => auth.signInWithPassword(IP, { email: 'a@example.com', password: 'x' } as never)],
      ['verify', (auth: ReturnType<typeof limitedAuth>) => auth.exchangeLinkCode(IP, { code: 'c', codeVerifier: 'v' } as never)],
      ['recover', (auth: ReturnType<typeof limitedAuth>) => auth.requestEmailLink(IP, 'recovery', { email: 'a@example.com' } as never)],
      ['magiclink', (auth: ReturnType<typeof limitedAuth>) => auth.requestEmailLink(IP, 'magiclink', { email: 'a@example.com' } as never)],
      ['otp', (auth: ReturnType<typeof limitedAuth>) => auth.requestOtp(IP, 'a@example.com')],
      ['mfa', (auth: ReturnType<typeof limitedAuth>) => auth.verifySecondStep(IP, { challengeToken: 't', code: '1' } as never)],
    ] as const)('%s', async (action, call) => {
      const { calls, auth } = setUp({ refuse: [action] });
      await expect(call(auth)).rejects.toBeInstanceOf(RateLimitedError);
      expect(calls.filter((entry) => entry.startsWith('run') && entry !== 'run openChallenge')).toEqual([]);
    });
  });

  describe('requests that only send an email never reset (the budget bounds the emails)', () => {
    it('sign-up, resend, recovery, magic link and one-time code request are counted per IP and email', async () => {
      const { calls, auth } = setUp();
      await auth.signUp(IP, { email: 'a@example.com' } as never);
      await auth.resendConfirmation(IP, { email: 'b@example.com' } as never);
      await auth.requestEmailLink(IP, 'recovery', { email: 'c@example.com' } as never);
      await auth.requestEmailLink(IP, 'magiclink', { email: 'd@example.com' } as never);
      await auth.requestOtp(IP, 'e@example.com');
      expect(calls).toEqual([
        `consume signup ${IP} a@example.com`,
        'run signUp',
        `consume resend ${IP} b@example.com`,
        'run resendConfirmation',
        `consume recover ${IP} c@example.com`,
        'run requestEmailLink recovery',
        `consume magiclink ${IP} d@example.com`,
        'run requestEmailLink magiclink',
        `consume otp ${IP} e@example.com`,
        'run requestOtp',
      ]);
    });
  });

  it('counts an emailed code by its hash, never the usable code, and does not reset it', async () => {
    const { calls, auth } = setUp();
    await auth.exchangeLinkCode(IP, { code: 'secret-code', codeVerifier: 'v' } as never);
    expect(calls).toEqual([`consume verify ${IP} code:${sha256('secret-code')}`, 'run exchangeLinkCode']);
    expect(calls.join(' ')).not.toContain('secret-code');
  });
});
