import { z } from 'zod';
import { singleLineText } from '../http/text';
import { subscriptionTier } from '../catalog/tier';

/**
 * The platform's user as svc-identity owns it. Credits, API calls and the renewal date belong
 * to billing and chat, so they are not repeated here.
 */
export const userProfile = z.object({
  id: z.string().uuid(),
  email: z.string().email(),
  phone: z.string().nullable(),
  fullName: z.string().nullable(),
  isAdmin: z.boolean(),
  isSuspended: z.boolean(),
  subscriptionTier: subscriptionTier,
  emailConfirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** PATCH /api/identity/me */
export const profilePatch = z
  .object({
    fullName: singleLineText(z.string().trim().max(120)).nullable(),
    /** E.164, e.g. +14155550100; null removes it. */
    phone: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number in international format, e.g. +14155550100')
      .nullable(),
  })
  .partial();
export type ProfilePatch = z.infer<typeof profilePatch>;

export const ADMIN_USER_LIST_MAX_LIMIT = 200;

const userIdList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
  .pipe(
    z
      .array(z.string().uuid('Each user id must be a UUID'))
      .min(1, 'Give at least one user id')
      .max(ADMIN_USER_LIST_MAX_LIMIT, `At most ${ADMIN_USER_LIST_MAX_LIMIT} user ids`),
  );

/**
 * GET /api/identity/admin/users query: `q` matches email or name (case-insensitive); `ids`
 * (comma-separated) names the users to show, e.g. a course's members; offset paging.
 */
export const adminUserListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  ids: userIdList.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USER_LIST_MAX_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

/** GET /api/identity/admin/users: one page of the matching users, newest first; `total` counts every match. */
export const adminUserList = z.object({ users: z.array(userProfile), total: z.number().int().nonnegative() });
export type AdminUserList = z.infer<typeof adminUserList>;

/** PATCH /api/identity/admin/users/:id */
export const adminUserPatch = z
  .object({ isSuspended: z.boolean(), subscriptionTier: subscriptionTier })
  .partial()
  .refine((patch) => patch.isSuspended !== undefined || patch.subscriptionTier !== undefined, {
    message: 'Send isSuspended or subscriptionTier',
  });
export type AdminUserPatch = z.infer<typeof adminUserPatch>;
