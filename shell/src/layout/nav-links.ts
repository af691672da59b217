import type { SessionState } from '@agentdock/session';

export interface NavItem {
  to: string;
  label: string;
}

export const MAIN_LINKS: readonly NavItem[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/courses', label: 'Course' },
  { to: '/models', label: 'Our AI Agents' },
  { to: '/chat', label: 'Begin Chatting' },
];

/**
 * Account links; none while the first session check runs (neither Sign In nor Dashboard may
 * flash). The Admin link is for admins and never appears in the mobile menu.
 */
export function accountLinks(state: SessionState, placement: 'header' | 'mobile'): NavItem[] {
  if (state.status === 'loading') return [];
  if (state.status === 'signed-out') return [{ to: '/signin', label: 'Sign In' }];
  const links = [{ to: '/dashboard', label: 'Dashboard' }];
  if (state.user?.isAdmin && placement === 'header') links.push({ to: '/admin', label: 'Admin' });
  return links;
}
