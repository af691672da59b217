import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@agentdock/contracts';
import { hash, verify } from '@node-rs/argon2';

// No 0/O, 1/I/L: codes are read off paper and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

/** A recovery code as shown: `XXXXX-XXXXX` (10 characters, about 49 bits). */
function newRecoveryCode(): string {
  const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${characters.slice(0, LENGTH / 2).join('')}-${characters.slice(LENGTH / 2).join('')}`;
}

/** Case, spaces and dashes do not matter; anything else that is not in the alphabet is not a code. */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== LENGTH || [...compact].some((character) => !ALPHABET.includes(character))) return null;
  return compact;
}

/** A fresh set of codes to show once, with the argon2id hashes that are all that is stored. */
export async function newRecoveryCodes(): Promise<Array<{ code: string; hash: string }>> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  // argon2id, not a fast hash: 49 bits are too few to survive a leaked table otherwise.
  return Promise.all(codes.map(async (code) => ({ code, hash: await hash(normalizeRecoveryCode(code) ?? code) })));
}

/** The first of `candidates` whose hash matches the typed code, or undefined. */
export async function findRecoveryCode<T extends { codeHash: string }>(candidates: T[], input: string): Promise<T | undefined> {
  const code = normalizeRecoveryCode(input);
  if (code === null) return undefined;
  for (const candidate of candidates) {
    if (await verify(candidate.codeHash, code)) return candidate;
  }
  return undefined;
}
