import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { ADMIN_EXPORT_ENDPOINTS, type AdminExportName, exportFileName, type StatsRange } from '@agentdock/contracts';

/** The services' CSV exports, downloaded whole as the browser saves them. */
export function exportsApi(api: ApiClient) {
  return {
    download: async (name: AdminExportName, range: StatsRange, options?: CallOptions) => {
      const file = await api.download(ADMIN_EXPORT_ENDPOINTS[name], { ...options, query: range });
      return { blob: file.blob, fileName: file.fileName ?? exportFileName(name, range) };
    },
  };
}
