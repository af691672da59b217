import * as z from 'zod/mini';
import { singleLineText } from '../http/text';
import { email } from './auth';

/** Roles inside a team, from most to least rights; exactly one member is the owner. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const teamRole = z.enum(TEAM_ROLES);
/** What an invitation or a role change may give: ownership only moves by a transfer. */
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export const invitableRole = z.enum(INVITABLE_ROLES, 'Choose admin or member');
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** An invitation is accepted within this many days of its last sending, or not at all. */
export const INVITATION_TTL_DAYS = 7;

export const organisationName = singleLineText(
  z.string().check(z.trim(), z.minLength(2, 'Give the team a name of at least 2 characters'), z.maxLength(80, 'Use at most 80 characters for the name')),
);
/** The team's URL name: lowercase letters, digits and single hyphens, unique across the platform. */
export const organisationSlug = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(3, 'Use at least 3 characters for the URL name'),
    z.maxLength(40, 'Use at most 40 characters for the URL name'),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens only'),
  );

export const organisationCreateRequest = z.object({ name: organisationName, slug: organisationSlug });
export type OrganisationCreateRequest = z.infer<typeof organisationCreateRequest>;
export const organisationRenameRequest = z.object({ name: organisationName });
/** Deleting needs the team's name typed again, so a slip of the hand deletes nothing. */
export const organisationDeleteRequest = z.object({ confirmName: z.string().check(z.maxLength(200)) });
export const ownershipTransferRequest = z.object({ userId: z.string().check(z.uuid('Choose a member of the team')) });
export const memberRoleRequest = z.object({ role: invitableRole });
export const invitationCreateRequest = z.object({ email, role: invitableRole });
export type InvitationCreateRequest = z.infer<typeof invitationCreateRequest>;

/** Seats as billing reports them; without a team subscription the owner alone uses the one free seat. */
export const teamSeats = z.object({
  /** Seats the subscription pays for (0 without one). */
  paid: z.number(),
  /** Members a team may have now: the paid seats, or 1 (the owner) without a subscription. */
  limit: z.number(),
  used: z.number(),
  /** Invitations not yet accepted, which each hold a seat. */
  pending: z.number(),
  hasActiveSubscription: z.boolean(),
});

export const organisationSummary = z.object({
  id: z.string().check(z.uuid()),
  name: z.string(),
  slug: z.string(),
  /** The caller's own role in it. */
  role: teamRole,
  createdAt: z.string(),
});
export type OrganisationSummary = z.infer<typeof organisationSummary>;
export const organisationList = z.object({ organisations: z.array(organisationSummary) });
export type OrganisationList = z.infer<typeof organisationList>;

export const teamMember = z.object({
  userId: z.string().check(z.uuid()),
  email: z.string(),
  fullName: z.nullable(z.string()),
  role: teamRole,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const organisationDetail = z.object({
  organisation: organisationSummary,
  members: z.array(teamMember),
  seats: teamSeats,
});
export type TeamSeats = z.infer<typeof teamSeats>;
export type OrganisationDetail = z.infer<typeof organisationDetail>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export const invitationSummary = z.object({
  id: z.string().check(z.uuid()),
  email: z.string(),
  role: invitableRole,
  invitedBy: z.nullable(z.string()),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationSummary = z.infer<typeof invitationSummary>;
export const invitationList = z.object({ invitations: z.array(invitationSummary) });
export type InvitationList = z.infer<typeof invitationList>;

/** What the invitation link's page shows before anyone signs in: the token is the credential. */
export const invitationPreview = z.object({
  organisationName: z.string(),
  email: z.string(),
  role: invitableRole,
  invitedBy: z.nullable(z.string()),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;
export const invitationAccepted = z.object({ organisation: organisationSummary });
export type InvitationAccepted = z.infer<typeof invitationAccepted>;

export const TEAM_ACTIVITY_ACTIONS = [
  'organisation.created',
  'organisation.renamed',
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.removed',
  'member.left',
  'member.role_changed',
  'ownership.transferred',
  'key.created',
  'key.revoked',
  'seats.changed',
] as const;
export type TeamActivityAction = (typeof TEAM_ACTIVITY_ACTIONS)[number];
export const teamActivity = z.object({
  id: z.string(),
  action: z.enum(TEAM_ACTIVITY_ACTIONS),
  actorEmail: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  at: z.string(),
});
export type TeamActivity = z.infer<typeof teamActivity>;
export const teamActivityList = z.object({ activity: z.array(teamActivity) });
export type TeamActivityList = z.infer<typeof teamActivityList>;
