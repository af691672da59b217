import type { Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { otpCodes, phoneCodes } from '../db/schema';
import { IdentityError } from './errors';
import { randomSixDigits, sha256 } from './secrets';

export const OTP_MAX_FAILED_ATTEMPTS = 5;

// No account has it: an address without one runs the very statement a wrong code would, for this
// id, so the answer does not take measurably less time and tell which addresses have accounts.
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** The tables of texted and emailed codes: one row per user, the same columns. */
type CodeTable = typeof otpCodes | typeof phoneCodes;

// Bound to the user (and, for a texted code, the number), so one code's hash says nothing about another's.
const codeHash = (userId: string, code: string, boundTo = '') => sha256(boundTo ? `${userId}:${boundTo}:${code}` : `${userId}:${code}`);

/** A fresh 6-digit code in `table` for the user, valid for `ttlMinutes`, replacing any earlier one. */
async function issueCode(db: Db, table: CodeTable, userId: string, ttlMinutes: number, boundTo?: string): Promise<string> {
  const code = randomSixDigits();
  const values = { codeHash: codeHash(userId, code, boundTo), createdAt: new Date(), expiresAt: new Date(Date.now() + ttlMinutes * 60_000), failedAttempts: 0, usedAt: null };
  await db
    .insert(table)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: table.userId, set: values });
  return code;
}

/**
 * Spends the user's code in `table` when it matches. A wrong guess counts against the code, which
 * dies at the fifth; an expired, spent or dead code fails like a wrong one.
 */
async function spendCode(db: Db, table: CodeTable, userId: string, code: string, boundTo?: string): Promise<boolean> {
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const matches = sql`${table.codeHash} = ${codeHash(userId, code, boundTo)}`;
  // One statement decides and records, so concurrent guesses cannot slip past the attempt limit.
  const [row] = await db
    .update(table)
    .set({
      usedAt: sql`case when ${matches} then ${now} else ${table.usedAt} end`,
      failedAttempts: sql`case when ${matches} then ${table.failedAttempts} else ${table.failedAttempts} + 1 end`,
    })
    .where(sql`${table.userId} = ${userId} and ${table.usedAt} is null and ${table.expiresAt} > ${now} and ${table.failedAttempts} < ${OTP_MAX_FAILED_ATTEMPTS}`)
    .returning({ usedAt: table.usedAt });
  return Boolean(row?.usedAt);
}

/** A fresh emailed sign-in code for the user, valid for `ttlMinutes`, replacing any earlier one. */
export async function issueOtp(db: Db, userId: string, ttlMinutes: number): Promise<string> {
  return issueCode(db, otpCodes, userId, ttlMinutes);
}

/**
 * Spends the user's sign-in code when it matches and returns the user's id; an address without an
 * account (`userId` undefined) fails like a wrong code, after the same work.
 */
export async function verifyOtp(db: Db, account: string | undefined, code: string): Promise<string> {
  const spent = await spendCode(db, otpCodes, account ?? NO_USER, code);
  if (account === undefined || !spent) throw new IdentityError('invalid_otp');
  return account;
}

/** A fresh code to text to `phone`, which proves only that number. */
export async function issuePhoneCode(db: Db, userId: string, phone: string, ttlMinutes: number): Promise<string> {
  return issueCode(db, phoneCodes, userId, ttlMinutes, phone);
}

/** Whether `code` is the live code texted to `phone` (spent if so; a wrong guess counts against it). */
export async function spendPhoneCode(db: Db, userId: string, phone: string, code: string): Promise<boolean> {
  return spendCode(db, phoneCodes, userId, code, phone);
}
