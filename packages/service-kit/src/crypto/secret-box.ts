import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/**
 * Secrets a service must read back (svc-identity's authenticator secrets, to check codes; svc-chat's
 * model connection keys, to call the provider) sealed with
 * AES-256-GCM under a key from the environment, so a dump of the database alone gives nothing
 * away. A sealed value is `v1:<key id>:<base64url of iv, ciphertext, tag>`; the key id (a hash
 * prefix of the key) says which key opens it, so keys can be rotated. `context` is authenticated
 * too: a value copied onto another user's row does not open there.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was not sealed by a known key, or was tampered with. */
  open(sealed: string, context: string): string;
  /** Whether the value is sealed at all (older rows hold clear text until resealed). */
  isSealed(value: string): boolean;
  /** Whether the value is sealed with the current key (else it is resealed at start). */
  isCurrent(sealed: string): boolean;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** A key as the environment gives it: 32 bytes, base64 or base64url. */
export function parseKey(text: string): Buffer | undefined {
  const key = Buffer.from(text.trim(), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * @param previousKeysSetting the setting that holds the previous keys, named when a value was sealed
 *   with a key no longer given.
 */
export function createSecretBox(current: Buffer, previous: readonly Buffer[] = [], previousKeysSetting = 'the previous keys setting'): SecretBox {
  const currentId = keyId(current);
  const keys = new Map([...previous.map((key) => [keyId(key), key] as const), [currentId, current] as const]);
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}:${currentId}:${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, id, data] = sealed.split(':');
      const key = id === undefined ? undefined : keys.get(id);
      if (version !== VERSION || data === undefined) throw new Error('Not a sealed secret');
      if (!key) throw new Error(`Sealed with an unknown key (${id}): give it in ${previousKeysSetting}`);
      const body = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv(ALGORITHM, key, body.subarray(0, IV_BYTES)).setAAD(Buffer.from(context));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    isSealed: (value) => value.startsWith(`${VERSION}:`),
    isCurrent: (sealed) => sealed.startsWith(`${VERSION}:${currentId}:`),
  };
}

/** An environment variable holding one such key (`openssl rand -base64 32`). */
export const encryptionKeySchema = z.string().transform((text, ctx) => {
  const key = parseKey(text);
  if (!key) ctx.addIssue({ code: 'custom', message: `expected ${KEY_BYTES} random bytes in base64, e.g. from: openssl rand -base64 ${KEY_BYTES}` });
  return key ?? Buffer.alloc(0);
});

/** An environment variable holding earlier keys, comma-separated (rotation). */
export const encryptionKeysSchema = z.string().transform((text, ctx) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const key = parseKey(part);
      if (!key) ctx.addIssue({ code: 'custom', message: `expected comma-separated keys of ${KEY_BYTES} bytes in base64` });
      return key ?? Buffer.alloc(0);
    }),
);
