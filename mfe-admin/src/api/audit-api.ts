import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditList } from '@agentdock/contracts';

/** Every service records its own admin actions; the console asks each one. */
export const AUDITED_SERVICES = Object.keys(ADMIN_AUDIT_ENDPOINTS) as Array<keyof typeof ADMIN_AUDIT_ENDPOINTS>;
export type AuditedService = keyof typeof ADMIN_AUDIT_ENDPOINTS;

/** What each service's entries are about, as the console names the areas (never the service's own name). */
export const AUDIT_AREAS: Record<AuditedService, string> = {
  identity: 'Accounts and access',
  catalog: 'Plans, agents and courses',
  chat: 'Credits and model connections',
  billing: 'Billing',
};

export interface AuditFilter {
  admin?: string;
  user?: string;
  action?: string;
  /** A kind of target (`plan`) or one target (`plan:starter`). */
  target?: string;
  from?: string;
  to?: string;
  /** The one area to ask; every area when absent. */
  area?: AuditedService;
}

export function auditApi(api: ApiClient) {
  return {
    list: (service: AuditedService, { limit, cursor, ...filter }: AuditFilter & { cursor?: string; limit: number }, options?: CallOptions): Promise<AdminAuditList> =>
      // An empty filter field filters nothing, so it is left out of the query.
      api.call(ADMIN_AUDIT_ENDPOINTS[service], {
        ...options,
        query: {
          limit,
          admin: filter.admin || undefined,
          user: filter.user || undefined,
          action: filter.action || undefined,
          target: filter.target || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
          cursor: cursor || undefined,
        },
      }),
  };
}
