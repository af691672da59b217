import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { adminAuditList, type AdminAuditList } from '@agentdock/contracts';

/** Every service records its own admin actions; the console asks each one. */
export const AUDITED_SERVICES = ['identity', 'catalog', 'chat', 'billing'] as const;
export type AuditedService = (typeof AUDITED_SERVICES)[number];

export interface AuditFilter {
  admin?: string;
  user?: string;
  action?: string;
}

export function auditApi(api: ApiClient) {
  return {
    list: (service: AuditedService, filter: AuditFilter & { cursor?: string; limit: number }, options?: CallOptions): Promise<AdminAuditList> => {
      const query = new URLSearchParams({ limit: String(filter.limit) });
      for (const key of ['admin', 'user', 'action', 'cursor'] as const) {
        const value = filter[key];
        if (value) query.set(key, value);
      }
      return api.request(`/api/${service}/admin/audit?${query}`, { ...options, schema: adminAuditList });
    },
  };
}

export type AuditApi = ReturnType<typeof auditApi>;
