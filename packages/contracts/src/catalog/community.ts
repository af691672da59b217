/**
 * The community chat server's invite. The site (footer, contact page, course boxes) and the
 * catalog's community offer both link to it; operators change it here, once.
 */
export const COMMUNITY_INVITE_URL = 'https://discord.gg/agentdock';
