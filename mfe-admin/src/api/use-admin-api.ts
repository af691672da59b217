import { useMemo } from 'react';
import { useSessionClient } from '@agentdock/session';
import { auditApi } from './audit-api';
import { billingAdminApi } from './billing-admin';
import { catalogAdminApi } from './catalog-admin';
import { chatAdminApi } from './chat-admin';
import { exportsApi } from './exports-api';
import { identityAdminApi } from './identity-admin';
import { organisationsAdminApi } from './organisations-admin';
import { statsApi } from './stats-api';

/** The admin APIs of every service, called with the session's access token. */
export function useAdminApi() {
  const client = useSessionClient();
  return useMemo(
    () => ({
      identity: identityAdminApi(client.api),
      catalog: catalogAdminApi(client.api),
      chat: chatAdminApi(client.api),
      audit: auditApi(client.api),
      stats: statsApi(client.api),
      billing: billingAdminApi(client.api),
      exports: exportsApi(client.api),
      organisations: organisationsAdminApi(client.api),
    }),
    [client],
  );
}

export type AdminApi = ReturnType<typeof useAdminApi>;
