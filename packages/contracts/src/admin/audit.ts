import * as z from 'zod/mini';
import { BILLING_BASE, CATALOG_BASE, CHAT_BASE, IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { utcDayStart } from './stats';

/**
 * One admin action as the service that applied it recorded it, in the same transaction as the
 * change. The admin console merges every service's entries into one newest-first list.
 */
export const adminAuditEntry = z.object({
  id: z.string().check(z.uuid()),
  /** The recording service, e.g. `svc-catalog`. */
  service: z.string(),
  actorId: z.string(),
  actorEmail: z.nullable(z.string()),
  /** What was done, e.g. `plan.update`, `user.suspend`, `wallet.adjust`. */
  action: z.string(),
  /** The user the action concerns, when it concerns one. */
  subjectUserId: z.nullable(z.string()),
  /** What was changed, e.g. `plan:starter`, `user:<id>`. */
  target: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  createdAt: z.string().check(z.iso.datetime({ offset: true })),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const ADMIN_AUDIT_MAX_LIMIT = 200;

const auditDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'),
  z.refine((day) => utcDayStart(day) !== null, 'Enter a real calendar date.'),
);

/** GET /api/<service>/admin/audit (admin) query: newest first, filtered, paged by cursor. */
export const adminAuditQuery = z
  .object({
    /** The actor (admin) id. */
    admin: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    /** The subject user id. */
    user: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    action: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    /** A kind of target (`plan`: every plan) or one target (`plan:starter`). */
    target: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    /** Whole UTC days, both ends included. */
    from: z.optional(auditDay),
    to: z.optional(auditDay),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ADMIN_AUDIT_MAX_LIMIT)), 50),
    /** The `nextCursor` of the previous page. */
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  })
  .check(
    z.refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
      message: 'The end of the range must not be before its start.',
      path: ['to'],
    }),
  );
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;

export const adminAuditList = z.object({
  entries: z.array(adminAuditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type AdminAuditList = z.infer<typeof adminAuditList>;

const auditEndpoint = (base: string) => defineEndpoint('GET', base, '/admin/audit', { query: adminAuditQuery, response: adminAuditList });

/**
 * Every service serves its own admin actions at <base>/admin/audit (the kit mounts it, see
 * adminAuditPath in service-data); the admin console asks each one.
 */
export const ADMIN_AUDIT_ENDPOINTS = {
  identity: auditEndpoint(IDENTITY_BASE),
  catalog: auditEndpoint(CATALOG_BASE),
  chat: auditEndpoint(CHAT_BASE),
  billing: auditEndpoint(BILLING_BASE),
} as const;
