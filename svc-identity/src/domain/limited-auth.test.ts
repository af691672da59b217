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
/** The one account the operations know, by its email address and by its phone number. */
const ADA = { id: 'u-1', email: 'ada@example.com', phone: '+15550100' };

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
    findSignInAccount: jest.fn(async (_db, name: { email?: string; phone?: string }) => {
      calls.push('run findSignInAccount');
      return name.email === ADA.email || name.phone === ADA.phone ? ADA : undefined;
    }),
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
    it('password: counts per IP and per account from this IP, then resets that budget and this source’s failures', async () => {
      const { calls, auth } = setUp();
      await expect(auth.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).resolves.toBe(session);
      expect(calls).toEqual([
        'run findSignInAccount',
        `consume signin ${IP} user:u-1 from ${IP}`,
        `check failures user:u-1 ${IP}`,
        'run signInWithPassword',
        `reset signin user:u-1 from ${IP}`,
        `succeeded user:u-1 ${IP}`,
      ]);
    });

    it('password by phone: the account the number names, the same as by its email', async () => {
      const { calls, auth } = setUp();
      await auth.signInWithPassword(IP, { phone: '+15550100', password: 'x' } as never);
      expect(calls).toEqual([
        'run findSignInAccount',
        `consume signin ${IP} user:u-1 from ${IP}`,
        `check failures user:u-1 ${IP}`,
        'run signInWithPassword',
        `reset signin user:u-1 from ${IP}`,
        `succeeded user:u-1 ${IP}`,
      ]);
    });

    it('password with a name no account has: that name is counted, through the same steps', async () => {
      const { calls, auth } = setUp();
      await auth.signInWithPassword(IP, { phone: '+15550199', password: 'x' } as never);
      expect(calls).toEqual([
        'run findSignInAccount',
        `consume signin ${IP} name:+15550199 from ${IP}`,
        `check failures name:+15550199 ${IP}`,
        'run signInWithPassword',
        `reset signin name:+15550199 from ${IP}`,
        `succeeded name:+15550199 ${IP}`,
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
    const refusingPasswords = (alertAt: number) => {
      const calls: string[] = [];
      const ops = recordingOps(calls);
      (ops.signInWithPassword as jest.Mock).mockRejectedValue(new IdentityError('invalid_credentials'));
      return { calls, ops, limited: limitedAuth(deps, recordingLimits().limits, ops, recordingFailures(calls, { alertAt })) };
    };

    it('count as failures of the account from this source, by email or phone alike, and alert the owner once the count says so', async () => {
      const { calls, ops, limited } = refusingPasswords(2);
      await expect(limited.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(calls).toEqual(['run findSignInAccount', `check failures user:u-1 ${IP}`, `failed user:u-1 ${IP}`]);
      await expect(limited.signInWithPassword(IP, { phone: '+15550100', password: 'x' } as never)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(calls.slice(3)).toEqual(['run findSignInAccount', `check failures user:u-1 ${IP}`, `failed user:u-1 ${IP}`, 'run alertOwnerOfFailures']);
      expect(ops.alertOwnerOfFailures).toHaveBeenCalledWith(deps, ADA);
      // Other refusals (unconfirmed address, suspended) are not guesses.
      const { calls: other, auth: refusing } = setUp({ fail: ['signInWithPassword'] });
      await expect(refusing.signInWithPassword(IP, { email: 'ada@example.com', password: 'x' } as never)).rejects.toThrow();
      expect(other.some((entry) => entry.startsWith('failed'))).toBe(false);
    });

    it('at a name no account has count the same, with nobody to alert', async () => {
      const { calls, limited } = refusingPasswords(1);
      await expect(limited.signInWithPassword(IP, { email: 'nobody@example.com', password: 'x' } as never)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(calls).toEqual(['run findSignInAccount', `check failures name:nobody@example.com ${IP}`, `failed name:nobody@example.com ${IP}`]);
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
      // Look-ups may run first (whose challenge, which account a name is); the attempt may not.
      expect(calls.filter((entry) => entry.startsWith('run') && entry !== 'run openChallenge' && entry !== 'run findSignInAccount')).toEqual([]);
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
