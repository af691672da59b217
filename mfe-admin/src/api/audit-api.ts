import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditList } from '@agentdock/contracts';

/** Every service records its own admin actions; the console asks each one. */
export const AUDITED_SERVICES = Object.keys(ADMIN_AUDIT_ENDPOINTS) as Array<keyof typeof ADMIN_AUDIT_ENDPOINTS>;
export type AuditedService = keyof typeof ADMIN_AUDIT_ENDPOINTS;

export interface AuditFilter {
  admin?: string;
  user?: string;
  action?: string;
}

export function auditApi(api: ApiClient) {
  return {
    list: (service: AuditedService, { limit, admin, user, action, cursor }: AuditFilter & { cursor?: string; limit: number }, options?: CallOptions): Promise<AdminAuditList> =>
      // An empty filter field filters nothing, so it is left out of the query.
      api.call(ADMIN_AUDIT_ENDPOINTS[service], {
        ...options,
        query: { limit, admin: admin || undefined, user: user || undefined, action: action || undefined, cursor: cursor || undefined },
      }),
  };
}
