import { z } from 'zod';
import { defineEvent } from './envelope';

const teamRole = z.enum(['owner', 'admin', 'member']);
const organisationId = z.string().uuid();

/** A team was created; its creator is its owner (a member.joined event follows for them). */
export const organisationCreatedV1 = defineEvent('identity.organisation.created', 1, z.object({ organisationId, name: z.string(), slug: z.string(), ownerId: z.string().uuid() }));

export const organisationRenamedV1 = defineEvent('identity.organisation.renamed', 1, z.object({ organisationId, name: z.string(), previousName: z.string() }));

/** The team is gone with every membership; followers drop what they keep of it. */
export const organisationDeletedV1 = defineEvent('identity.organisation.deleted', 1, z.object({ organisationId, memberIds: z.array(z.string().uuid()) }));

/** A user became a member (the owner at creation, or by accepting an invitation). */
export const organisationMemberJoinedV1 = defineEvent(
  'identity.organisation.member.joined',
  1,
  z.object({ organisationId, userId: z.string().uuid(), role: teamRole, members: z.number().int().nonnegative() }),
);

/**
 * A member left or was removed: they lose the team's pool, keys and agents from this event on.
 * `members` is how many remain, so billing can tell a seat was freed.
 */
export const organisationMemberRemovedV1 = defineEvent(
  'identity.organisation.member.removed',
  1,
  z.object({ organisationId, userId: z.string().uuid(), reason: z.enum(['removed', 'left']), members: z.number().int().nonnegative() }),
);

/** A member's role changed (a transfer of ownership publishes one for each of the two members). */
export const organisationMemberRoleChangedV1 = defineEvent(
  'identity.organisation.member.role_changed',
  1,
  z.object({ organisationId, userId: z.string().uuid(), role: teamRole, previousRole: teamRole }),
);
