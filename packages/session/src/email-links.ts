import { startPkceFlow, type KeyValueStorage } from './pkce';
import type { Transport } from './transport';

/**
 * The calls that email a link. Each starts a PKCE flow: the link's code can only be exchanged in
 * this browser, with the verifier kept in its storage.
 */
export function createEmailLinks(storage: KeyValueStorage | null, crypto: Crypto, transport: () => Promise<Transport>) {
  return {
    async signUp({ email, password, fullName, redirectTo }: { email: string; password: string; fullName?: string; redirectTo?: string }): Promise<void> {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).signUp({ email, password, fullName, codeChallenge, redirectTo });
    },
    async resendConfirmation({ email, redirectTo }: { email: string; redirectTo?: string }): Promise<void> {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).resendConfirmation({ email, codeChallenge, redirectTo });
    },
    async sendMagicLink({ email, redirectTo }: { email: string; redirectTo?: string }): Promise<void> {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).sendMagicLink({ email, codeChallenge, redirectTo });
    },
    async sendRecovery({ email }: { email: string }): Promise<void> {
      const codeChallenge = await startPkceFlow(storage, crypto);
      await (await transport()).sendRecovery({ email, codeChallenge });
    },
  };
}
