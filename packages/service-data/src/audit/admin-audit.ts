import { randomUUID } from 'node:crypto';
import { type AdminAuditEntry, type AdminAuditList, type AdminAuditQuery, adminAuditQuery, utcDayStart } from '@agentdock/contracts';
import { and, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import { type Request, type RequestHandler, Router } from 'express';
import { getAuth, ValidationError } from '@agentdock/service-kit';
import type { Db } from '../db/database';
import { adminAudit } from '../db/kit-schema';

export interface AdminActor {
  id: string;
  email?: string | null;
}

/** The admin of a request that passed requireAdmin (or a service's own admin guard). */
export function adminActorOf(req: Request): AdminActor {
  const claims = getAuth(req);
  return { id: claims.sub, email: claims.email };
}

/** What a domain function knows about an admin action; the kit adds id, service and time. */
export interface AdminActionInput {
  actor: AdminActor;
  action: string;
  subjectUserId?: string | null;
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one admin action. Call it with the `tx` of `context.transaction` that applies the
 * change, so the change and its audit entry commit (or roll back) together.
 */
export async function recordAdminAction(tx: Db, entry: AdminActionInput): Promise<void> {
  await tx.insert(adminAudit).values({
    id: randomUUID(),
    actorId: entry.actor.id,
    actorEmail: entry.actor.email ?? null,
    action: entry.action,
    subjectUserId: entry.subjectUserId ?? null,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

function decodeCursor(cursor: string): number {
  const sequence = Number(cursor);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new ValidationError([{ path: 'cursor', message: 'Unknown cursor' }]);
  return sequence;
}

const DAY_MS = 86_400_000;
// LIKE's own wildcards in a target kind are meant literally.
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `plan:starter` is that one target; `plan` is every target of that kind. */
function targetFilter(target: string): SQL | undefined {
  return target.includes(':') ? eq(adminAudit.target, target) : or(eq(adminAudit.target, target), like(adminAudit.target, `${likeLiteral(target)}:%`));
}

/** Midnight starting `day`, or the one after it for the end of a range (both ends are included). */
const dayBound = (day: string, end: boolean) => new Date(utcDayStart(day)!.getTime() + (end ? DAY_MS : 0));

/** This service's admin actions, newest first, filtered by admin, user, action, target and days. */
export async function listAdminActions(db: Db, service: string, query: AdminAuditQuery): Promise<AdminAuditList> {
  const filters: (SQL | undefined)[] = [
    query.admin === undefined ? undefined : eq(adminAudit.actorId, query.admin),
    query.user === undefined ? undefined : eq(adminAudit.subjectUserId, query.user),
    query.action === undefined ? undefined : eq(adminAudit.action, query.action),
    query.target === undefined ? undefined : targetFilter(query.target),
    query.from === undefined ? undefined : gte(adminAudit.createdAt, dayBound(query.from, false)),
    query.to === undefined ? undefined : lt(adminAudit.createdAt, dayBound(query.to, true)),
  ];
  if (query.cursor !== undefined) {
    filters.push(lt(adminAudit.sequence, decodeCursor(query.cursor)));
  }
  const rows = await db
    .select()
    .from(adminAudit)
    .where(and(...filters))
    .orderBy(desc(adminAudit.sequence))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row): AdminAuditEntry => ({
      id: row.id,
      service,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      subjectUserId: row.subjectUserId,
      target: row.target,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? String(last.sequence) : null,
  };
}

/** `svc-catalog` → `/api/catalog/admin/audit`: where each service serves its audit entries. */
export function adminAuditPath(service: string): string {
  return `/api/${service.replace(/^svc-/, '')}/admin/audit`;
}

/**
 * GET <adminAuditPath> behind `guard` (401 anonymous, 403 non-admin or suspended); the kit mounts
 * it in every service.
 */
export function adminAuditRouter(options: { service: string; db: Db; guard: RequestHandler[] }): Router {
  const router = Router();
  router.get(adminAuditPath(options.service), ...options.guard, async (req, res) => {
    const query = adminAuditQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json(await listAdminActions(options.db, options.service, query));
  });
  return router;
}
