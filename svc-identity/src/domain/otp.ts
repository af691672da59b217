import type { Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { otpCodes } from '../db/schema';
import { IdentityError } from './errors';
import { randomSixDigits, sha256 } from './secrets';

export const OTP_MAX_FAILED_ATTEMPTS = 5;

// No account has it: an address without one runs the very statement a wrong code would, for this
// id, so the answer does not take measurably less time and tell which addresses have accounts.
const NO_USER = '00000000-0000-0000-0000-000000000000';

// Bound to the user, so one code's hash says nothing about another user's.
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** A fresh 6-digit code for the user, valid for `ttlMinutes`, replacing any earlier one. */
export async function issueOtp(db: Db, userId: string, ttlMinutes: number): Promise<string> {
  const code = randomSixDigits();
  const values = { codeHash: codeHash(userId, code), createdAt: new Date(), expiresAt: new Date(Date.now() + ttlMinutes * 60_000), failedAttempts: 0, usedAt: null };
  await db
    .insert(otpCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: otpCodes.userId, set: values });
  return code;
}

/**
 * Spends the user's code when it matches and returns the user's id. A wrong guess counts against
 * the code, which dies at the fifth; an expired, spent or dead code fails like a wrong one, and so
 * does an address without an account (`userId` undefined), after the same work.
 */
export async function verifyOtp(db: Db, account: string | undefined, code: string): Promise<string> {
  const userId = account ?? NO_USER;
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const matches = sql`${otpCodes.codeHash} = ${codeHash(userId, code)}`;
  // One statement decides and records, so concurrent guesses cannot slip past the attempt limit.
  const [row] = await db
    .update(otpCodes)
    .set({
      usedAt: sql`case when ${matches} then ${now} else ${otpCodes.usedAt} end`,
      failedAttempts: sql`case when ${matches} then ${otpCodes.failedAttempts} else ${otpCodes.failedAttempts} + 1 end`,
    })
    .where(sql`${otpCodes.userId} = ${userId} and ${otpCodes.usedAt} is null and ${otpCodes.expiresAt} > ${now} and ${otpCodes.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`)
    .returning({ usedAt: otpCodes.usedAt });
  if (account === undefined || !row?.usedAt) throw new IdentityError('invalid_otp');
  return account;
}
