import { defineEndpoint } from '../http/endpoint';
import { apiKeyCreated, apiKeyCreateRequest, apiKeyList } from './api-keys';
import { IDENTITY_BASE } from '../http/bases';

/**
 * Team API keys, behind the gateway at /api/identity: a member's keys of one team, which spend from
 * the team's credit pool within the member's monthly cap and stop when the member leaves or is
 * removed. Any member makes, lists and revokes their own; owners and admins may revoke anyone's.
 */
export const IDENTITY_TEAM_KEY_ENDPOINTS = {
  /** The caller's own keys of the team, newest first. */
  teamApiKeys: defineEndpoint('GET', IDENTITY_BASE, '/organisations/:orgId/api-keys', { response: apiKeyList }),
  /** A credential change like a personal key: a recent sign-in or the current password. */
  createTeamApiKey: defineEndpoint('POST', IDENTITY_BASE, '/organisations/:orgId/api-keys', { request: apiKeyCreateRequest, response: apiKeyCreated }),
  revokeTeamApiKey: defineEndpoint('DELETE', IDENTITY_BASE, '/organisations/:orgId/api-keys/:keyId', { response: undefined }),
} as const;
