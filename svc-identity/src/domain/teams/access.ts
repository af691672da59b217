import type { TeamRole } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import { z } from 'zod';
import { type IdentitySchema, type OrganisationRow, organisationMembers, organisations } from '../../db/schema';
import { IdentityError } from '../errors';
import { requireRole } from './rules';

const uuid = z.string().uuid();

export interface Membership {
  organisation: OrganisationRow;
  userId: string;
  role: TeamRole;
}

/**
 * The caller's membership, read from the database on every request (never from a token), so a
 * removed member is refused from their next request on. Not a member, or no such team: 404 alike,
 * so a team's existence is not revealed. `lock` takes the team's row for the transaction, which
 * serialises the changes that count members, seats or owners.
 */
export async function membershipOf(db: Db<IdentitySchema>, organisationId: string, userId: string, lock = false): Promise<Membership> {
  if (!uuid.safeParse(organisationId).success) throw new IdentityError('organisation_not_found');
  const query = db.select().from(organisations).where(eq(organisations.id, organisationId));
  const [organisation] = lock ? await query.for('update') : await query;
  if (!organisation) throw new IdentityError('organisation_not_found');
  const [member] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  if (!member) throw new IdentityError('organisation_not_found');
  return { organisation, userId, role: member.role };
}

/** The membership of a caller who must hold at least `needed`. */
export async function managingMembership(db: Db<IdentitySchema>, organisationId: string, userId: string, needed: 'admin' | 'owner', lock = false): Promise<Membership> {
  const membership = await membershipOf(db, organisationId, userId, lock);
  requireRole(membership.role, needed);
  return membership;
}

/** `value` as a UUID, or the 404 `code` (an id that is not one names nothing). */
export function idOr404(value: string, code: 'member_not_found' | 'invitation_not_found'): string {
  if (!uuid.safeParse(value).success) throw new IdentityError(code);
  return value;
}
