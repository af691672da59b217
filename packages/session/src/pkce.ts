import { AuthError } from './auth-error';

/** Where the verifier of the flow in progress waits for its emailed link, in any tab of this site. */
export const PKCE_VERIFIER_KEY = 'agentdock.auth.pkce-verifier';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** RFC 7636 verifier: 32 random bytes, base64url (43 characters). */
export function createCodeVerifier(crypto: Crypto): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** RFC 7636 S256 challenge of a verifier. */
export async function codeChallengeFor(verifier: string, crypto: Crypto): Promise<string> {
  // crypto.subtle exists only in secure contexts (https or localhost).
  if (!crypto.subtle) {
    throw new AuthError('insecure_context', 'Emailed sign-in links need a secure connection. Open this site over https and try again.');
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/**
 * Starts a flow that ends with an emailed link: keeps a fresh verifier and returns its challenge.
 * A newer flow replaces the verifier, so only the most recent link can be exchanged.
 */
export async function startPkceFlow(storage: KeyValueStorage | null, crypto: Crypto): Promise<string> {
  const verifier = createCodeVerifier(crypto);
  const challenge = await codeChallengeFor(verifier, crypto);
  storage?.setItem(PKCE_VERIFIER_KEY, verifier);
  return challenge;
}

/** The verifier of the flow in progress, removed so it is used once. */
export function takeCodeVerifier(storage: KeyValueStorage | null): string {
  const verifier = storage?.getItem(PKCE_VERIFIER_KEY);
  storage?.removeItem(PKCE_VERIFIER_KEY);
  if (!verifier) {
    throw new AuthError(
      'pkce_verifier_missing',
      'This link was already used or was opened in another browser than the one it was requested from. Request a new link and open it in this browser.',
    );
  }
  return verifier;
}
