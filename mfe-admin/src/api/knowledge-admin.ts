import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { KNOWLEDGE_ADMIN_ENDPOINTS, type KnowledgeFile, type KnowledgeSettings } from '@agentdock/contracts';

/** svc-chat's admin API for an agent's knowledge files. */
export function knowledgeAdminApi(api: ApiClient) {
  return {
    list: (agentId: string, options?: CallOptions) => api.call(KNOWLEDGE_ADMIN_ENDPOINTS.files, { ...options, params: { agentId } }),
    /** Adds the file, or replaces the agent's file of the same name. */
    upload: async (agentId: string, file: File): Promise<KnowledgeFile> =>
      (await api.call(KNOWLEDGE_ADMIN_ENDPOINTS.upload, { params: { agentId, fileName: file.name }, body: file })).file,
    remove: (agentId: string, fileId: string): Promise<undefined> => api.call(KNOWLEDGE_ADMIN_ENDPOINTS.remove, { params: { agentId, fileId } }),
    setSettings: (agentId: string, body: KnowledgeSettings): Promise<KnowledgeSettings> => api.call(KNOWLEDGE_ADMIN_ENDPOINTS.settings, { params: { agentId }, body }),
  };
}
