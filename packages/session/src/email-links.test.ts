import { webcrypto } from 'node:crypto';
import { createEmailLinks } from './email-links';
import { codeChallengeFor, PKCE_VERIFIER_KEY } from './pkce';
import { memoryStorage } from './testing/fake-identity';
import type { Transport } from './transport';

const crypto = webcrypto as unknown as Crypto;

function setup() {
  const storage = memoryStorage();
  const transport = { signUp: jest.fn(), resendConfirmation: jest.fn(), sendMagicLink: jest.fn(), sendRecovery: jest.fn() };
  const links = createEmailLinks(storage, crypto, async () => transport as unknown as Transport);
  const challengeOfKeptVerifier = () => codeChallengeFor(storage.getItem(PKCE_VERIFIER_KEY)!, crypto);
  return { storage, transport, links, challengeOfKeptVerifier };
}

describe('createEmailLinks', () => {
  it('each call sends the challenge of the verifier this browser keeps, with the fields it was given', async () => {
    const { links, transport, challengeOfKeptVerifier } = setup();

    await links.signUp({ email: 'ada@example.com', password: 'correct horse', fullName: 'Ada', redirectTo: '/dashboard' });
    expect(transport.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse',
      fullName: 'Ada',
      redirectTo: '/dashboard',
      codeChallenge: await challengeOfKeptVerifier(),
    });

    await links.resendConfirmation({ email: 'ada@example.com' });
    expect(transport.resendConfirmation).toHaveBeenCalledWith({ email: 'ada@example.com', codeChallenge: await challengeOfKeptVerifier(), redirectTo: undefined });

    await links.sendMagicLink({ email: 'ada@example.com', redirectTo: '/chat' });
    expect(transport.sendMagicLink).toHaveBeenCalledWith({ email: 'ada@example.com', codeChallenge: await challengeOfKeptVerifier(), redirectTo: '/chat' });

    await links.sendRecovery({ email: 'ada@example.com' });
    expect(transport.sendRecovery).toHaveBeenCalledWith({ email: 'ada@example.com', codeChallenge: await challengeOfKeptVerifier() });
  });

  it('a new link replaces the verifier of the one before', async () => {
    const { links, storage } = setup();
    await links.sendMagicLink({ email: 'ada@example.com' });
    const first = storage.getItem(PKCE_VERIFIER_KEY);
    await links.sendMagicLink({ email: 'ada@example.com' });
    expect(storage.getItem(PKCE_VERIFIER_KEY)).not.toBe(first);
    expect(first).toBeTruthy();
  });
});
