import { INVITATION_TTL_DAYS, type InvitableRole } from '@agentdock/contracts';
import { composeEmail } from '../emails';
import type { Email } from '../mailer';
import { roleLabel } from './rules';

export interface InvitationEmailInput {
  organisationName: string;
  inviter: { email: string; fullName: string | null };
  role: InvitableRole;
  /** The link with the invitation's token: it works on any device, signed in or not. */
  url: string;
  expiresAt: Date;
}

/** The invitation: who invites to which team as what, and how long the link works. */
export function invitationEmail(to: string, input: InvitationEmailInput): Email {
  const inviter = input.inviter.fullName ? `${input.inviter.fullName} (${input.inviter.email})` : input.inviter.email;
  return composeEmail(
    to,
    `You are invited to join ${input.organisationName} on Agentdock`,
    [
      `${inviter} invited you to join the team ${input.organisationName} on Agentdock as ${roleLabel(input.role).toLowerCase()}.`,
      `Open the link to accept: sign in, or create an account with this email address (${to}) if you do not have one yet. The invitation expires in ${INVITATION_TTL_DAYS} days, on ${input.expiresAt.toUTCString().slice(0, 16)}.`,
      'If you did not expect this invitation, you can ignore this email.',
    ],
    { label: 'Accept the invitation', url: input.url },
  );
}
