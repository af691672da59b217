import { type PasswordSignInRequest, type UserProfile, userConfirmedV1, userRegisteredV1 } from '@agentdock/contracts';
import { type Db, type Tx } from '@agentdock/service-data';
import { and, eq, inArray, isNotNull, isNull, sql } from '@agentdock/service-data/orm';
import { type IdentitySchema, type UserRow, users } from '../db/schema';
import { IdentityError } from './errors';
import type { IdentityWriter } from './writer';

export function toProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    pendingPhone: row.pendingPhone,
    fullName: row.fullName,
    isAdmin: row.isAdmin,
    isSuspended: row.isSuspended,
    subscriptionTier: row.subscriptionTier,
    emailConfirmedAt: row.emailConfirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserByEmail(db: Db<IdentitySchema>, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

/**
 * The account a password sign-in names: by email address, or by a phone number its owner has
 * proved (`phone` holds no other; a pending number names nothing).
 */
export async function findSignInAccount(db: Db<IdentitySchema>, name: Pick<PasswordSignInRequest, 'email' | 'phone'>): Promise<UserRow | undefined> {
  if (name.email) return findUserByEmail(db, name.email);
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.phone, name.phone ?? ''));
  return row;
}

export async function findUser(db: Db<IdentitySchema>, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Creates an unconfirmed account and publishes user registered; undefined when the address is
 * already taken (possibly by a concurrent sign-up).
 */
export async function createUser(
  writer: IdentityWriter,
  tx: Tx<IdentitySchema>,
  input: { email: string; passwordHash: string; fullName: string | null },
): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values({ email: input.email, passwordHash: input.passwordHash, fullName: input.fullName }).onConflictDoNothing().returning();
  if (!row) return undefined;
  await writer.enqueue(tx, userRegisteredV1, { userId: row.id, email: row.email, fullName: row.fullName, tier: row.subscriptionTier });
  return row;
}

/**
 * Marks the address confirmed (publishing user confirmed exactly once) and makes the account an
 * admin when its address is on the admin list. Returns the current row.
 */
export async function confirmEmail(writer: IdentityWriter, tx: Tx<IdentitySchema>, userId: string, adminEmails: string[]): Promise<UserRow> {
  const [confirmed] = await tx
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
    .returning();
  if (confirmed) {
    await writer.enqueue(tx, userConfirmedV1, { userId: confirmed.id, email: confirmed.email });
    if (adminEmails.includes(confirmed.email.toLowerCase())) {
      const [admin] = await tx.update(users).set({ isAdmin: true }).where(eq(users.id, userId)).returning();
      if (admin) return admin;
    }
    return confirmed;
  }
  const row = await findUser(tx, userId);
  if (!row) throw new IdentityError('user_not_found');
  return row;
}

/** Makes the confirmed accounts with these addresses admins; returns how many changed. */
export async function grantAdminToConfirmed(db: Db<IdentitySchema>, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(and(inArray(sql`lower(${users.email})`, emails), isNotNull(users.emailConfirmedAt), eq(users.isAdmin, false)))
    .returning({ id: users.id });
  return changed.length;
}

/** Makes one account an admin whatever its state (the make-admin command); false if there is none. */
export async function grantAdmin(db: Db<IdentitySchema>, email: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ id: users.id });
  return changed.length > 0;
}

export async function setPasswordHash(tx: Db<IdentitySchema>, userId: string, passwordHash: string): Promise<UserRow> {
  const [row] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw new IdentityError('user_not_found');
  return row;
}
