import type { UserProfile } from '@agentdock/contracts';

/** A user as "Name <email>" when the directory knows them, else their id; the full text on hover. */
export function UserLabel({ id, user }: { id: string; user: UserProfile | undefined }) {
  const text = user ? (user.fullName ? `${user.fullName} <${user.email}>` : user.email) : id;
  return (
    <span className="adm-truncate" title={user ? `${text} (${id})` : id}>
      {text}
    </span>
  );
}
