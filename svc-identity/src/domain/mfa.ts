import { type MfaEnrolment, type MfaStatus, userMfaDisabledV1, userMfaEnabledV1 } from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction } from '@agentdock/service-data';
import { and, asc, eq, isNotNull, isNull, sql } from '@agentdock/service-data/orm';
import QRCode from 'qrcode';
import { type IdentitySchema, mfaFactors, mfaRecoveryCodes, type UserRow } from '../db/schema';
import { IdentityError } from './errors';
import { verifyPassword } from './passwords';
import { findRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { markSessionMfaVerified } from './refresh-tokens';
import type { SecretBox } from '@agentdock/service-kit';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp';
import type { IdentityWriter } from './writer';

// The secret is sealed for its user: a value copied onto another user's row does not open there.
const sealContext = (userId: string) => `mfa_factors.secret:${userId}`;

function openSecret(box: SecretBox, factor: { userId: string; secret: string }): string {
  return box.isSealed(factor.secret) ? box.open(factor.secret, sealContext(factor.userId)) : factor.secret;
}

/**
 * Seals every authenticator secret not sealed with the current key: clear ones from before
 * secrets were encrypted, and ones sealed with a previous key (rotation). Runs at start; returns
 * how many it changed.
 */
export async function resealTotpSecrets(db: Db<IdentitySchema>, box: SecretBox): Promise<number> {
  const rows = await db.select({ userId: mfaFactors.userId, secret: mfaFactors.secret }).from(mfaFactors);
  let changed = 0;
  for (const row of rows) {
    if (box.isSealed(row.secret) && box.isCurrent(row.secret)) continue;
    const sealed = box.seal(openSecret(box, row), sealContext(row.userId));
    // Guarded by the old value, so an enrolment started meanwhile is not overwritten.
    const updated = await db
      .update(mfaFactors)
      .set({ secret: sealed })
      .where(and(eq(mfaFactors.userId, row.userId), eq(mfaFactors.secret, row.secret)))
      .returning({ userId: mfaFactors.userId });
    changed += updated.length;
  }
  return changed;
}

/** Whether the user has turned a second factor on (an enrolment still in progress does not count). */
export async function hasMfa(db: Db<IdentitySchema>, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: mfaFactors.userId })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.enabledAt)));
  return row !== undefined;
}

/**
 * A fresh secret for the user's authenticator app, as text, URI and QR code. Nothing is on yet:
 * confirmEnrolment turns it on with the first code. Starting again replaces an unconfirmed secret.
 */
export async function startEnrolment(db: Db<IdentitySchema>, box: SecretBox, user: UserRow): Promise<MfaEnrolment> {
  if (await hasMfa(db, user.id)) throw new IdentityError('mfa_already_enabled');
  const secret = newTotpSecret();
  const values = { secret: box.seal(secret, sealContext(user.id)), createdAt: new Date(), enabledAt: null, lastUsedStep: null };
  await db
    .insert(mfaFactors)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: mfaFactors.userId, set: values, where: isNull(mfaFactors.enabledAt) });
  const otpauthUri = totpUri(secret, user.email);
  return { secret, otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}

/**
 * Turns the second factor on once a code from the app matches, and hands out the recovery codes
 * (shown once). The session that did it has just used the app, so it counts as verified.
 */
export async function confirmEnrolment(writer: IdentityWriter, box: SecretBox, userId: string, sessionId: string | undefined, code: string): Promise<string[]> {
  const codes = await newRecoveryCodes();
  const outcome = await writer.transaction(async (tx) => {
    const [factor] = await tx.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).for('update');
    if (!factor) return 'not_enrolling' as const;
    if (factor.enabledAt) return 'already_enabled' as const;
    const step = matchingTotpStep(openSecret(box, factor), code, Date.now());
    if (step === null) return 'invalid' as const;
    await tx.update(mfaFactors).set({ enabledAt: new Date(), lastUsedStep: step }).where(eq(mfaFactors.userId, userId));
    await replaceRecoveryCodes(tx, userId, codes);
    if (sessionId) await markSessionMfaVerified(tx, userId, sessionId);
    await writer.enqueue(tx, userMfaEnabledV1, { userId });
    return 'enabled' as const;
  });
  if (outcome === 'not_enrolling') throw new IdentityError('mfa_not_enrolling');
  if (outcome === 'already_enabled') throw new IdentityError('mfa_already_enabled');
  if (outcome === 'invalid') throw new IdentityError('invalid_mfa_code');
  return codes.map(({ code: shown }) => shown);
}

async function replaceRecoveryCodes(tx: Db<IdentitySchema>, userId: string, codes: Array<{ hash: string }>): Promise<void> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(codes.map(({ hash }, index) => ({ userId, position: index + 1, codeHash: hash })));
}

export type SecondFactorMethod = 'totp' | 'recovery';

/**
 * Spends a second-factor code of the user: an authenticator code for now (±1 step) whose step was
 * not accepted before, or an unused recovery code. Each works once, even when sent twice at once:
 * the spend is a conditional update. 400 `invalid_mfa_code` otherwise.
 */
export async function spendSecondFactor(db: Db<IdentitySchema>, box: SecretBox, userId: string, code: string): Promise<SecondFactorMethod> {
  const [factor] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.enabledAt)));
  if (!factor) throw new IdentityError('invalid_mfa_code');
  const step = /^\d{6}$/.test(code.trim()) ? matchingTotpStep(openSecret(box, factor), code.trim(), Date.now()) : null;
  if (step !== null) {
    const accepted = await db
      .update(mfaFactors)
      .set({ lastUsedStep: step })
      .where(sql`${mfaFactors.userId} = ${userId} and (${mfaFactors.lastUsedStep} is null or ${mfaFactors.lastUsedStep} < ${step})`)
      .returning({ userId: mfaFactors.userId });
    if (accepted.length === 0) throw new IdentityError('invalid_mfa_code');
    return 'totp';
  }
  const unused = await db
    .select()
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  const match = await findRecoveryCode(unused, code);
  if (!match) throw new IdentityError('invalid_mfa_code');
  const spent = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.position, match.position), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ position: mfaRecoveryCodes.position });
  if (spent.length === 0) throw new IdentityError('invalid_mfa_code');
  return 'recovery';
}

/** Whether the second factor is on, and when each recovery code was used. */
export async function mfaStatusOf(db: Db<IdentitySchema>, userId: string): Promise<MfaStatus> {
  const [factor] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.enabledAt)));
  if (!factor) return { enabled: false, enabledAt: null, recoveryCodes: [] };
  const codes = await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)).orderBy(asc(mfaRecoveryCodes.position));
  return {
    enabled: true,
    enabledAt: factor.enabledAt?.toISOString() ?? null,
    recoveryCodes: codes.map((row) => ({ number: row.position, usedAt: row.usedAt?.toISOString() ?? null })),
  };
}

/** New recovery codes replace every old one; a current code proves the request is the owner's. */
export async function regenerateRecoveryCodes(writer: IdentityWriter, box: SecretBox, userId: string, code: string): Promise<string[]> {
  const codes = await newRecoveryCodes();
  await writer.transaction(async (tx) => {
    if (!(await hasMfa(tx, userId))) throw new IdentityError('mfa_not_enabled');
    await spendSecondFactor(tx, box, userId, code);
    await replaceRecoveryCodes(tx, userId, codes);
  });
  return codes.map(({ code: shown }) => shown);
}

/** Turns the second factor off; needs the password and a current (or recovery) code. */
export async function disableMfa(writer: IdentityWriter, box: SecretBox, user: UserRow, input: { password: string; code: string }): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new IdentityError('invalid_credentials');
  await writer.transaction(async (tx) => {
    if (!(await hasMfa(tx, user.id))) throw new IdentityError('mfa_not_enabled');
    await spendSecondFactor(tx, box, user.id, input.code);
    await removeFactor(tx, user.id);
    await writer.enqueue(tx, userMfaDisabledV1, { userId: user.id, by: 'user', adminId: null });
  });
}

async function removeFactor(tx: Db<IdentitySchema>, userId: string): Promise<boolean> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const removed = await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId)).returning({ enabledAt: mfaFactors.enabledAt });
  return removed.some((row) => row.enabledAt !== null);
}

/**
 * An admin removes a user's second factor (a lost phone and lost recovery codes); the user signs
 * in with the first factor alone until they set it up again. Audited and published.
 */
export async function resetMfaAsAdmin(writer: IdentityWriter, admin: AdminActor, userId: string): Promise<void> {
  const removed = await writer.transaction(async (tx) => {
    const wasEnabled = await removeFactor(tx, userId);
    if (!wasEnabled) return false;
    await writer.enqueue(tx, userMfaDisabledV1, { userId, by: 'admin', adminId: admin.id });
    await recordAdminAction(tx, {
      actor: admin,
      action: 'user.mfa_reset',
      subjectUserId: userId,
      target: `user:${userId}`,
      before: { mfaEnabled: true },
      after: { mfaEnabled: false },
    });
    return true;
  });
  if (!removed) throw new IdentityError('mfa_not_enabled');
}
