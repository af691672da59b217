import { ADMIN_AUDIT_ENDPOINTS, endpointUrl } from '@agentdock/contracts';
import { adminAuditPath } from './admin-audit';

describe('adminAuditPath', () => {
  it.each(Object.entries(ADMIN_AUDIT_ENDPOINTS))("mounts svc-%s's audit log where the contracts send the admin console", (name, endpoint) => {
    expect(endpoint.method).toBe('GET');
    expect(adminAuditPath(`svc-${name}`)).toBe(endpointUrl(endpoint));
  });
});
