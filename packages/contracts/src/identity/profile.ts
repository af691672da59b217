import * as z from 'zod/mini';
import { uuidListParam } from '../http/uuid-list';
import { singleLineText } from '../http/text';
import { subscriptionTier } from '../catalog/tier';

/**
 * The platform's user as svc-identity owns it. Credits, API calls and the renewal date belong
 * to billing and chat, so they are not repeated here.
 */
export const userProfile = z.object({
  id: z.string().check(z.uuid()),
  email: z.string().check(z.email()),
  /** The phone number its owner proved with a texted code: the only one that signs in. */
  phone: z.nullable(z.string()),
  /**
   * A number set but not yet proved: it signs in once its code is entered (POST /me/phone/verify).
   * Optional because services from before phone verification do not send it.
   */
  pendingPhone: z.optional(z.nullable(z.string())),
  fullName: z.nullable(z.string()),
  isAdmin: z.boolean(),
  isSuspended: z.boolean(),
  subscriptionTier: subscriptionTier,
  emailConfirmedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * What confirms a credential change: the current password, needed unless the session signed in
 * by an emailed link or code, or passed a second factor, within the last few minutes (a reset
 * link's recovery session, right after it was opened).
 */
export const currentPassword = z.optional(z.string().check(z.minLength(1, 'Enter your current password'), z.maxLength(128, 'Password should be at most 128 characters')));

/**
 * PATCH /api/identity/me. A new phone number is a credential change (`currentPassword` unless the
 * sign-in is recent, as for a new password) and waits as `pendingPhone` until its texted code is
 * entered; the answer is the same whether or not another account uses the number.
 */
export const profilePatch = z.partial(
  z.object({
    fullName: z.nullable(singleLineText(z.string().check(z.trim(), z.maxLength(120)))),
    /** E.164, e.g. +14155550100; null removes it. */
    phone: z.nullable(z.string().check(z.trim(), z.regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number in international format, e.g. +14155550100'))),
    currentPassword,
  }),
);
export type ProfilePatch = z.infer<typeof profilePatch>;

/** POST /api/identity/me/phone/verify → 200 userProfile: the code texted to the pending number. */
export const phoneVerifyRequest = z.object({ code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')) });
export type PhoneVerifyRequest = z.infer<typeof phoneVerifyRequest>;

/** POST /api/identity/me/phone/code → 202: a fresh code for the pending number. */
export const phoneCodeSent = z.object({ status: z.literal('code_sent') });

export const ADMIN_USER_LIST_MAX_LIMIT = 200;

const userIdList = uuidListParam('user id', ADMIN_USER_LIST_MAX_LIMIT);

/**
 * GET /api/identity/admin/users query: `q` matches email or name (case-insensitive); `ids`
 * (comma-separated) names the users to show, e.g. a course's members; offset paging.
 */
export const adminUserListQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  ids: z.optional(userIdList),
  /** Only users on this plan tier. */
  tier: z.optional(subscriptionTier),
  /** Only active (not suspended) or only suspended accounts. */
  status: z.optional(z.enum(['active', 'suspended'], 'Choose active or suspended.')),
  /** Signed up on or after / on or before these UTC days (YYYY-MM-DD). */
  signedUpFrom: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'))),
  signedUpTo: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ADMIN_USER_LIST_MAX_LIMIT)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

/** GET /api/identity/admin/users: one page of the matching users, newest first; `total` counts every match. */
export const adminUserList = z.object({ users: z.array(userProfile), total: z.number().check(z.int(), z.nonnegative()) });
export type AdminUserList = z.infer<typeof adminUserList>;

/** PATCH /api/identity/admin/users/:id */
export const adminUserPatch = z.partial(z.object({ isSuspended: z.boolean(), subscriptionTier: subscriptionTier })).check(
  z.refine((patch) => patch.isSuspended !== undefined || patch.subscriptionTier !== undefined, {
    message: 'Send isSuspended or subscriptionTier',
  }),
);
export type AdminUserPatch = z.infer<typeof adminUserPatch>;
