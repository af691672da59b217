import type { UserProfile } from '@agentdock/contracts';

/**
 * A user as "Name <email>" when the directory knows them, else their id; cut to one line with the
 * full text on hover, and on focus too when `focusable` (a table cell a keyboard user must reach).
 */
export function UserLabel({ id, user, focusable = false }: { id: string; user: UserProfile | undefined; focusable?: boolean }) {
  const text = user ? (user.fullName ? `${user.fullName} <${user.email}>` : user.email) : id;
  return (
    <span className="adm-truncate" title={user ? `${text} (${id})` : id} tabIndex={focusable ? 0 : undefined}>
      {text}
    </span>
  );
}
