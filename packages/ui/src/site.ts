import { COMMUNITY_INVITE_URL } from '@agentdock/contracts';

/** The shell's footer carries this id; pages link to `#site-footer` to scroll down to it. */
export const SITE_FOOTER_ID = 'site-footer';

/** Who runs this Agentdock installation; operators change these for their own deployment. */
export const SITE = {
  name: 'Agentdock',
  supportEmail: 'support@agentdock.example',
  salesEmail: 'sales@agentdock.example',
  /** Invite to the community chat server (contact page, course community box, footer). */
  communityInviteUrl: COMMUNITY_INVITE_URL,
  social: [
    { label: 'Community chat', href: COMMUNITY_INVITE_URL },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/agentdock' },
    { label: 'X', href: 'https://x.com/agentdock' },
    { label: 'GitHub', href: 'https://github.com/agentdock' },
  ],
} as const;
