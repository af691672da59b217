import { type MfaDisableRequest, type MfaEnrolment, type MfaStatus, mfaEnrolment, mfaRecoveryCodes, mfaStatus } from '@agentdock/contracts';
import type { SessionClient } from '@agentdock/session';

const MFA = '/api/identity/me/mfa';

/** svc-identity's two-factor endpoints for the signed-in user, validated against the contracts. */
export function securityApi(client: SessionClient) {
  return {
    status: (): Promise<MfaStatus> => client.api.request(MFA, { schema: mfaStatus }),
    startEnrolment: (): Promise<MfaEnrolment> => client.api.request(`${MFA}/enrolment`, { method: 'POST', body: {}, schema: mfaEnrolment }),
    /**
     * Turns the factor on and returns the recovery codes. The session now counts as verified on
     * the server; a refresh puts the claim into this tab's token (admins need it at once).
     */
    async confirmEnrolment(code: string): Promise<string[]> {
      const { recoveryCodes } = await client.api.request(`${MFA}/enrolment/confirm`, { method: 'POST', body: { code }, schema: mfaRecoveryCodes });
      await client.refresh();
      return recoveryCodes;
    },
    regenerateRecoveryCodes: async (code: string): Promise<string[]> =>
      (await client.api.request(`${MFA}/recovery-codes`, { method: 'POST', body: { code }, schema: mfaRecoveryCodes })).recoveryCodes,
    disable: (body: MfaDisableRequest): Promise<MfaStatus> => client.api.request(`${MFA}/disable`, { method: 'POST', body, schema: mfaStatus }),
  };
}

export type SecurityApi = ReturnType<typeof securityApi>;
