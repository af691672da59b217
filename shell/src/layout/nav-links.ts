import type { Session } from '../session';

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

/** Account links; the Admin link is for admins and never appears in the mobile menu. */
export function accountLinks(session: Session, placement: 'header' | 'mobile'): NavItem[] {
  if (session.status === 'signed-out') return [{ to: '/signin', label: 'Sign In' }];
  const links = [{ to: '/dashboard', label: 'Dashboard' }];
  if (session.isAdmin && placement === 'header') links.push({ to: '/admin', label: 'Admin' });
  return links;
}
