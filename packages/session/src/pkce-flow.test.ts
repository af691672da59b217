import { webcrypto } from 'node:crypto';
import { PKCE_VERIFIER_KEY, startPkceFlow, takeCodeVerifier } from './pkce';
import { memoryStorage } from './testing/fake-identity';

const crypto = webcrypto as unknown as Crypto;

describe('the PKCE flow where storage or crypto falls short', () => {
  it('keeps the verifier under the key every tab of the site reads', async () => {
    const storage = memoryStorage();
    await startPkceFlow(storage, crypto);
    expect([...storage.data.keys()]).toEqual(['agentdock.auth.pkce-verifier']);
    expect(PKCE_VERIFIER_KEY).toBe('agentdock.auth.pkce-verifier');
  });

  it('still starts a flow without storage, and then explains that the link cannot be used here', async () => {
    await expect(startPkceFlow(null, crypto)).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => takeCodeVerifier(null)).toThrow(
      expect.objectContaining({
        code: 'pkce_verifier_missing',
        message: 'This link was already used or was opened in another browser than the one it was requested from. Request a new link and open it in this browser.',
      }),
    );
  });

  it('tells the user to open the site over https where crypto.subtle is missing', async () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    await expect(startPkceFlow(memoryStorage(), insecure)).rejects.toMatchObject({
      code: 'insecure_context',
      message: 'Emailed sign-in links need a secure connection. Open this site over https and try again.',
    });
  });
});
