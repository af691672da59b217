import { randomBytes } from 'node:crypto';
import { createSecretBox, encryptionKeySchema } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);
  it('opens what it sealed, in its context only, and never shows the plain text', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('sk-live-abcd1234', 'connection:1');
    expect(sealed).not.toContain('sk-live');
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.open(sealed, 'connection:1')).toBe('sk-live-abcd1234');
    expect(() => box.open(sealed, 'connection:2')).toThrow();
  });

  it('opens values sealed with a previous key, and names the setting for an unknown one', () => {
    const previous = randomBytes(32);
    const sealed = createSecretBox(previous).seal('secret', 'x');
    expect(createSecretBox(key, [previous]).open(sealed, 'x')).toBe('secret');
    expect(createSecretBox(key, [previous]).isCurrent(sealed)).toBe(false);
    expect(() => createSecretBox(key, [], 'CONNECTIONS_ENCRYPTION_KEY_PREVIOUS').open(sealed, 'x')).toThrow(/CONNECTIONS_ENCRYPTION_KEY_PREVIOUS/);
  });

  it('reads a key of 32 bytes from base64 and refuses any other length', () => {
    expect(encryptionKeySchema.parse(key.toString('base64'))).toEqual(key);
    expect(encryptionKeySchema.safeParse('c2hvcnQ=').success).toBe(false);
  });
});
