import { type AdminUserList, type AdminUserListQuery, type AdminUserPatch, userReactivatedV1, userSuspendedV1, userTierChangedV1, utcDayStart } from '@agentdock/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from '@agentdock/service-data/orm';
import { BadRequestError } from '@agentdock/service-kit';
import { type Db, recordAdminAction } from '@agentdock/service-data';
import { type IdentitySchema, type UserRow, users } from '../db/schema';
import { IdentityError } from './errors';
import { revokeUserSessions, type SessionEnds } from './refresh-tokens';
import { findUser, toProfile } from './users';
import { containsPattern } from './like-pattern';

/**
 * One page of the users whose email or name contains `q` (and, with `ids`, who are among them),
 * newest first, with the count of all matches.
 */
export async function listUsers(db: Db<IdentitySchema>, query: AdminUserListQuery): Promise<AdminUserList> {
  const where = and(
    matching(query.q),
    query.ids ? inArray(users.id, query.ids) : undefined,
    query.tier ? eq(users.subscriptionTier, query.tier) : undefined,
    query.status ? eq(users.isSuspended, query.status === 'suspended') : undefined,
    signedUpBetween(query.signedUpFrom, query.signedUpTo),
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toProfile), total: totals?.total ?? 0 };
}

const DAY_MS = 86_400_000;

/** Whole UTC days, both ends included; a day that is not one (2026-02-30) is refused with a 400. */
function signedUpBetween(from: string | undefined, to: string | undefined): SQL | undefined {
  const day = (text: string) => {
    const start = utcDayStart(text);
    if (!start) throw new BadRequestError('Enter a real calendar date.');
    return start.getTime();
  };
  return and(from ? gte(users.createdAt, new Date(day(from))) : undefined, to ? lt(users.createdAt, new Date(day(to) + DAY_MS)) : undefined);
}

function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(users.email, pattern), ilike(users.fullName, pattern));
}

/**
 * An admin suspends, reactivates or re-tiers a user. Suspension ends all the user's sessions at
 * once; every change that others must know about is published with it, and only when it changes
 * something.
 */
export async function updateUserAsAdmin(ends: SessionEnds, admin: { id: string; email: string }, userId: string, patch: AdminUserPatch): Promise<UserRow> {
  if (patch.isSuspended === true && admin.id === userId) throw new IdentityError('cannot_suspend_self');
  const { writer } = ends;
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
        await revokeUserSessions(tx, ends, userId, 'suspended');
        await writer.enqueue(tx, userSuspendedV1, { userId });
      } else {
        await writer.enqueue(tx, userReactivatedV1, { userId });
      }
      await recordAdminAction(tx, {
        actor: admin,
        action: after.isSuspended ? 'user.suspend' : 'user.reactivate',
        subjectUserId: userId,
        target: `user:${userId}`,
        before: { isSuspended: before.isSuspended },
        after: { isSuspended: after.isSuspended },
      });
    }
    if (after.subscriptionTier !== before.subscriptionTier) {
      await writer.enqueue(tx, userTierChangedV1, { userId, tier: after.subscriptionTier, previousTier: before.subscriptionTier });
      await recordAdminAction(tx, {
        actor: admin,
        action: 'user.tier_change',
        subjectUserId: userId,
        target: `user:${userId}`,
        before: { subscriptionTier: before.subscriptionTier },
        after: { subscriptionTier: after.subscriptionTier },
      });
    }
    return after;
  });
}
