import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's defaults are argon2id, 19 MiB, 2 passes, 1 lane: OWASP's recommended minimum.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such user) it verifies against a
 * throwaway hash anyway, so "no account" and "wrong password" take the same time.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash('not the password of anyone');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
