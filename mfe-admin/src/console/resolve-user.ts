import type { IdentityAdminApi } from '../api/identity-admin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id of the user an admin typed: a user id as it is, or an email address looked up in
 * svc-identity (exact address only, so a partial one never picks the wrong person). Null when
 * no user has that address.
 */
export async function resolveUserId(identity: IdentityAdminApi, input: string): Promise<string | null> {
  const typed = input.trim();
  if (UUID.test(typed)) return typed.toLowerCase();
  const { users } = await identity.listUsers({ q: typed, limit: 20, offset: 0 });
  return users.find((user) => user.email.toLowerCase() === typed.toLowerCase())?.id ?? null;
}

export const UNKNOWN_USER = 'No user has this email address';
