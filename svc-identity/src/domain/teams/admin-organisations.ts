import type { AdminOrganisationDetail, AdminOrganisationList, AdminOrganisationListQuery, AdminOrganisationSummary } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { count, desc, eq, ilike, or, type SQL, sql } from '@agentdock/service-data/orm';
import { z } from 'zod';
import { type OrganisationRow, organisations } from '../../db/schema';
import { IdentityError } from '../errors';
import { countSeats, membersOf } from './organisations';
import { containsPattern } from '../like-pattern';

// The subqueries name the outer table outright: drizzle writes a column of the only table unqualified, which `users.id` would capture.
const memberCount = sql<number>`(select count(*)::int from organisation_members m where m.organisation_id = organisations.id)`.mapWith(Number);
const ownerEmail = sql<
  string | null
>`(select u.email from organisation_members m join users u on u.id = m.user_id where m.organisation_id = organisations.id and m.role = 'owner')`;

const toSummary = (row: { organisation: OrganisationRow; ownerEmail: string | null; members: number }): AdminOrganisationSummary => ({
  id: row.organisation.id,
  name: row.organisation.name,
  slug: row.organisation.slug,
  ownerEmail: row.ownerEmail,
  members: row.members,
  paidSeats: row.organisation.paidSeats,
  subscriptionStatus: row.organisation.subscriptionStatus,
  createdAt: row.organisation.createdAt.toISOString(),
});

/** The team's name, URL name or its owner's email contains the text. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const ownedByMatch = sql`exists (select 1 from organisation_members m join users u on u.id = m.user_id where m.organisation_id = organisations.id and m.role = 'owner' and u.email ilike ${pattern})`;
  return or(ilike(organisations.name, pattern), ilike(organisations.slug, pattern), ownedByMatch);
}

/** One page of the teams matching the search, newest first, with their owner and member count. */
export async function listOrganisationsForAdmin(db: Db, query: AdminOrganisationListQuery): Promise<AdminOrganisationList> {
  const where = matching(query.q);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ organisation: organisations, ownerEmail, members: memberCount })
      .from(organisations)
      .where(where)
      .orderBy(desc(organisations.createdAt), desc(organisations.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(organisations).where(where),
  ]);
  return { organisations: rows.map(toSummary), total: totals?.total ?? 0 };
}

/** One team as the console shows it: its members with their roles and its pending invitations. */
export async function organisationForAdmin(db: Db, organisationId: string): Promise<AdminOrganisationDetail> {
  if (!z.string().uuid().safeParse(organisationId).success) throw new IdentityError('organisation_not_found');
  const [row] = await db.select({ organisation: organisations, ownerEmail, members: memberCount }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new IdentityError('organisation_not_found');
  const [members, seats] = await Promise.all([membersOf(db, organisationId), countSeats(db, organisationId)]);
  return { organisation: toSummary(row), members, pendingInvitations: seats.pending };
}
