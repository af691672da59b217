import { webcrypto } from 'node:crypto';
import { AuthError } from './auth-error';
import { codeChallengeFor, createCodeVerifier, PKCE_VERIFIER_KEY, startPkceFlow, takeCodeVerifier } from './pkce';
import { memoryStorage } from './testing/fake-identity';

const crypto = webcrypto as unknown as Crypto;

describe('PKCE', () => {
  it('makes 43-character base64url verifiers from 32 random bytes, different each time', () => {
    const first = createCodeVerifier(crypto);
    const second = createCodeVerifier(crypto);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
  });

  it('writes the base64 characters + and / as - and _, without padding', () => {
    // 0xfb 0xff … encodes to "+/…" in plain base64; with random bytes a test sees those characters only by chance.
    const fixed = { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xfb).fill(0xff, 1) } as unknown as Crypto;
    expect(createCodeVerifier(fixed)).toBe(`-${'_'.repeat(41)}8`);
  });

  it('computes the S256 challenge of RFC 7636, appendix B', async () => {
    await expect(codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', crypto)).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('keeps the verifier of a started flow under the product key and hands it out once', async () => {
    const storage = memoryStorage();
    const challenge = await startPkceFlow(storage, crypto);
    const verifier = storage.data.get(PKCE_VERIFIER_KEY)!;
    expect(challenge).toBe(await codeChallengeFor(verifier, crypto));

    expect(takeCodeVerifier(storage)).toBe(verifier);
    expect(storage.data.has(PKCE_VERIFIER_KEY)).toBe(false);
    expect(() => takeCodeVerifier(storage)).toThrow(AuthError);
  });

  it('a newer flow replaces the verifier of an older one', async () => {
    const storage = memoryStorage();
    await startPkceFlow(storage, crypto);
    const older = storage.data.get(PKCE_VERIFIER_KEY);
    await startPkceFlow(storage, crypto);
    expect(storage.data.get(PKCE_VERIFIER_KEY)).not.toBe(older);
  });

  it('explains that emailed links need a secure page where crypto.subtle is missing', async () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    await expect(startPkceFlow(memoryStorage(), insecure)).rejects.toMatchObject({ code: 'insecure_context' });
  });
});
