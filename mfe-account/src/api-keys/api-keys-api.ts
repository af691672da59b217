import type { CallOptions } from '@agentdock/api-client';
import {
  type ApiKeyCreateRequest,
  type ApiKeyCreated,
  type ApiKeySummary,
  type ApiKeyUsage,
  CHAT_ENDPOINTS,
  type ChatAgent,
  IDENTITY_ENDPOINTS,
  IDENTITY_TEAM_KEY_ENDPOINTS,
} from '@agentdock/contracts';
import type { SessionClient } from '@agentdock/session';

export type { ApiKeyCreateRequest, ApiKeyCreated, ApiKeySummary, ApiKeyUsage, ChatAgent };

/**
 * The API keys of the signed-in user: svc-identity owns the keys (never their secrets after
 * creation), svc-chat meters their use and lists the agents a key may be limited to. With
 * `teamId`, the user's keys of that team, which spend from its pool.
 */
export function apiKeysApi(client: SessionClient, teamId: string | null = null) {
  const team = teamId ? { orgId: teamId } : null;
  return {
    async list(options: CallOptions = {}): Promise<ApiKeySummary[]> {
      const listed = team ? client.api.call(IDENTITY_TEAM_KEY_ENDPOINTS.teamApiKeys, { ...options, params: team }) : client.api.call(IDENTITY_ENDPOINTS.apiKeys, options);
      return (await listed).keys;
    },
    async usage(options?: CallOptions): Promise<ApiKeyUsage[]> {
      return (await client.api.call(CHAT_ENDPOINTS.apiKeyUsage, options)).keys;
    },
    async agents(options?: CallOptions): Promise<ChatAgent[]> {
      return (await client.api.call(CHAT_ENDPOINTS.agents, options)).agents;
    },
    create: (body: ApiKeyCreateRequest): Promise<ApiKeyCreated> =>
      team ? client.api.call(IDENTITY_TEAM_KEY_ENDPOINTS.createTeamApiKey, { params: team, body }) : client.api.call(IDENTITY_ENDPOINTS.createApiKey, { body }),
    revoke: (keyId: string): Promise<undefined> =>
      team
        ? client.api.call(IDENTITY_TEAM_KEY_ENDPOINTS.revokeTeamApiKey, { params: { ...team, keyId } })
        : client.api.call(IDENTITY_ENDPOINTS.revokeApiKey, { params: { keyId } }),
  };
}

export type ApiKeysApi = ReturnType<typeof apiKeysApi>;

/** A key with this month's use: `usage` null when the key has never been used this month (svc-chat lists only used keys). */
export interface ApiKeyRow extends ApiKeySummary {
  usage: ApiKeyUsage | null;
}

/** Joins identity's keys with chat's metering by key id, in identity's order (newest first). */
export function mergeUsage(keys: readonly ApiKeySummary[], usage: readonly ApiKeyUsage[]): ApiKeyRow[] {
  const byKey = new Map(usage.map((entry) => [entry.keyId, entry]));
  return keys.map((key) => ({ ...key, usage: byKey.get(key.id) ?? null }));
}
