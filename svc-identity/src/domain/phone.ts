import type { ProfilePatch } from '@agentdock/contracts';
import { type Db, onUniqueViolation } from '@agentdock/service-data';
import { and, eq, ne } from '@agentdock/service-data/orm';
import { type IdentitySchema, type UserRow, users } from '../db/schema';
import { texts } from './emails';
import { IdentityError } from './errors';
import type { Mailer } from './mailer';
import { issuePhoneCode, spendPhoneCode } from './otp';
import { userAccount } from './password-guesses';
import type { ConfirmCredentialChange, CurrentSession } from './profile';
import type { RateLimits } from './rate-limits';

/** What changing the profile and proving a phone number need from the service. */
export interface PhoneDeps {
  db: Db<IdentitySchema>;
  mailer: Mailer;
  limits: RateLimits;
  confirm: ConfirmCredentialChange;
  /** How long a texted code works: as long as an emailed sign-in code (OTP_TTL_MINUTES). */
  codeTtlMinutes: number;
}

/**
 * Texts a fresh code to the number, after the answer: a number another account has proved gets
 * nothing and so can never be proved here, and the answer does not wait for the look-up that
 * decides it, so it tells nobody whether the number is in use.
 */
function textCode(deps: PhoneDeps, userId: string, phone: string): void {
  deps.mailer.textInBackground(async () => {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.id, userId)));
    if (taken) return undefined;
    const code = await issuePhoneCode(deps.db, userId, phone, deps.codeTtlMinutes);
    return texts.phoneCode(phone, code, deps.codeTtlMinutes);
  });
}

/**
 * Changes the name and the phone number. Any change of the number is a credential change (the
 * current password, or a recent sign-in by email or second factor): a stolen access token must
 * not name a number of its own. A new number waits as pending until the code texted to it is
 * entered (verifyPhone); null removes both; the proved number sent back cancels a pending one.
 * Sending the number the profile shows changes nothing, as the profile form does with a new name.
 */
export async function updateProfile(deps: PhoneDeps, current: CurrentSession, { fullName, phone, currentPassword }: ProfilePatch, source: string): Promise<UserRow> {
  const { user } = current;
  const phoneChanges = phone !== undefined && phone !== (user.pendingPhone ?? user.phone);
  if (phoneChanges) await deps.confirm(current, currentPassword, source);
  const toProve = phoneChanges && phone !== null && phone !== user.phone ? phone : null;
  // Each new number is a text sent, so it spends the budget of code requests.
  if (toProve) await deps.limits.consume('otp', { ip: source, account: userAccount(user.id) });
  const phoneFields = phoneChanges ? { pendingPhone: toProve, ...(phone === null ? { phone: null } : {}) } : {};
  const [row] = await deps.db
    .update(users)
    .set({ ...(fullName !== undefined ? { fullName } : {}), ...phoneFields, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new IdentityError('user_not_found');
  if (toProve) textCode(deps, user.id, toProve);
  return row;
}

/** A fresh code for the pending number (the first may have expired); nothing when none is pending. */
export async function sendPhoneCode(deps: PhoneDeps, user: UserRow, source: string): Promise<void> {
  await deps.limits.consume('otp', { ip: source, account: userAccount(user.id) });
  if (user.pendingPhone) textCode(deps, user.id, user.pendingPhone);
}

/**
 * The texted code makes the pending number the one that signs in. A wrong guess counts against
 * the code, which dies at the fifth, and against the user's `verify` budget; a number another
 * account proved first (two accounts waiting for the same number) fails like a wrong code.
 */
export async function verifyPhone(deps: PhoneDeps, user: UserRow, code: string, source: string): Promise<UserRow> {
  const account = userAccount(user.id);
  await deps.limits.consume('verify', { ip: source, account });
  const phone = user.pendingPhone;
  if (!phone) throw new IdentityError('invalid_otp');
  if (!(await spendPhoneCode(deps.db, user.id, phone, code))) throw new IdentityError('invalid_otp');
  const [row] = await onUniqueViolation(
    () =>
      deps.db
        .update(users)
        .set({ phone, pendingPhone: null, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), eq(users.pendingPhone, phone)))
        .returning(),
    () => new IdentityError('invalid_otp'),
  );
  if (!row) throw new IdentityError('invalid_otp');
  await deps.limits.reset('verify', account);
  return row;
}
