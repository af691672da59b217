import { type AdminUserList, type AdminUserPatch, userReactivatedV1, userSuspendedV1, userTierChangedV1 } from '@agentdock/contracts';
import { desc, eq } from '@agentdock/service-kit/orm';
import type { Db } from '@agentdock/service-kit';
import { type IdentitySchema, type UserRow, users } from '../db/schema';
import { IdentityError } from './errors';
import { revokeUserSessions } from './refresh-tokens';
import { findUser, toProfile } from './users';
import type { IdentityWriter } from './writer';

export async function listUsers(db: Db<IdentitySchema>): Promise<AdminUserList> {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return { users: rows.map(toProfile), total: rows.length };
}

/**
 * An admin suspends, reactivates or re-tiers a user. Suspension ends all the user's sessions at
 * once; every change that others must know about is published with it, and only when it changes
 * something.
 */
export async function updateUserAsAdmin(writer: IdentityWriter, adminId: string, userId: string, patch: AdminUserPatch): Promise<UserRow> {
  if (patch.isSuspended === true && adminId === userId) throw new IdentityError('cannot_suspend_self');
  return writer.transaction(async (tx) => {
    const before = await findUser(tx, userId);
    if (!before) throw new IdentityError('user_not_found');
    const [after] = await tx
      .update(users)
      .set({ isSuspended: patch.isSuspended ?? before.isSuspended, subscriptionTier: patch.subscriptionTier ?? before.subscriptionTier, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!after) throw new IdentityError('user_not_found');
    if (after.isSuspended !== before.isSuspended) {
      if (after.isSuspended) {
        await revokeUserSessions(tx, userId, 'suspended');
        await writer.enqueue(tx, userSuspendedV1, { userId });
      } else {
        await writer.enqueue(tx, userReactivatedV1, { userId });
      }
    }
    if (after.subscriptionTier !== before.subscriptionTier) {
      await writer.enqueue(tx, userTierChangedV1, { userId, tier: after.subscriptionTier, previousTier: before.subscriptionTier });
    }
    return after;
  });
}
