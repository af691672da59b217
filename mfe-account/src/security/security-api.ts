import { IDENTITY_ENDPOINTS, type MfaConfirmRequest, type MfaDisableRequest, type MfaEnrolment, type MfaStatus } from '@agentdock/contracts';
import type { SessionClient } from '@agentdock/session';

/** svc-identity's two-factor endpoints for the signed-in user, validated against the contracts. */
export function securityApi(client: SessionClient) {
  return {
    status: (): Promise<MfaStatus> => client.api.call(IDENTITY_ENDPOINTS.mfaStatus),
    startEnrolment: (): Promise<MfaEnrolment> => client.api.call(IDENTITY_ENDPOINTS.startMfaEnrolment, { body: {} }),
    /**
     * Turns the factor on and returns the recovery codes. `currentPassword` is needed unless the
     * session signed in by email or a second factor a few minutes ago (403
     * `reauthentication_required` otherwise). The session now counts as verified on the server; a
     * refresh puts the claim into this tab's token (admins need it at once).
     */
    async confirmEnrolment(body: MfaConfirmRequest): Promise<string[]> {
      const { recoveryCodes } = await client.api.call(IDENTITY_ENDPOINTS.confirmMfaEnrolment, { body });
      await client.refresh();
      return recoveryCodes;
    },
    regenerateRecoveryCodes: async (code: string): Promise<string[]> => (await client.api.call(IDENTITY_ENDPOINTS.regenerateRecoveryCodes, { body: { code } })).recoveryCodes,
    disable: (body: MfaDisableRequest): Promise<MfaStatus> => client.api.call(IDENTITY_ENDPOINTS.disableMfa, { body }),
  };
}

export type SecurityApi = ReturnType<typeof securityApi>;
