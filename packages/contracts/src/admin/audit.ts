import { z } from 'zod';

/**
 * One admin action as the service that applied it recorded it, in the same transaction as the
 * change. The admin console merges every service's entries into one newest-first list.
 */
export const adminAuditEntry = z.object({
  id: z.string().uuid(),
  /** The recording service, e.g. `svc-catalog`. */
  service: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  /** What was done, e.g. `plan.update`, `user.suspend`, `wallet.adjust`. */
  action: z.string(),
  /** The user the action concerns, when it concerns one. */
  subjectUserId: z.string().nullable(),
  /** What was changed, e.g. `plan:starter`, `user:<id>`. */
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string().datetime({ offset: true }),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const ADMIN_AUDIT_MAX_LIMIT = 200;

/** GET /api/<service>/admin/audit (admin) query: newest first, filtered, paged by cursor. */
export const adminAuditQuery = z.object({
  /** The actor (admin) id. */
  admin: z.string().min(1).max(200).optional(),
  /** The subject user id. */
  user: z.string().min(1).max(200).optional(),
  action: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_AUDIT_MAX_LIMIT).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

export const adminAuditList = z.object({
  entries: z.array(adminAuditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminAuditList = z.infer<typeof adminAuditList>;
