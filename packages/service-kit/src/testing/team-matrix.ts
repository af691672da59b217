// The team side of the authorization matrix: every endpoint of one team (a path with the team's
// parameter), called as each kind of team member, against a table of which team role may call it.
// As in the platform matrix, the endpoints come from the router stack, so a team route added
// without a row fails the test.
import type { Server } from 'node:http';
import { callEndpoint, endpointKey, judge, mountedEndpoints, type Outcome } from './access-matrix';

/** Everyone a team endpoint meets: its three roles, a signed-in stranger, and a member removed from the team. */
export const TEAM_ROLES = ['owner', 'admin', 'member', 'outsider', 'removed'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** 'member'/'admin'/'owner': the least team role it needs; strangers and removed members are told the team does not exist (404). */
export type TeamAccess = 'member' | 'admin' | 'owner' | Record<TeamRole, Outcome>;
export type TeamAccessTable = Record<string, TeamAccess>;

const TEAM_LADDER: Record<'member' | 'admin' | 'owner', Record<TeamRole, Outcome>> = {
  member: { owner: 'granted', admin: 'granted', member: 'granted', outsider: 404, removed: 404 },
  admin: { owner: 'granted', admin: 'granted', member: 403, outsider: 404, removed: 404 },
  owner: { owner: 'granted', admin: 403, member: 403, outsider: 404, removed: 404 },
};

export interface TeamMatrixOptions {
  server: Server;
  url: string;
  table: TeamAccessTable;
  /** The path parameter that names the team, e.g. `orgId`: every mounted path with it needs a row. */
  teamParam: string;
  /** The team every call is about. */
  teamId: string;
  /** Headers that make a request come from each team role. */
  principals: Record<TeamRole, Record<string, string>>;
}

/** Calls every team endpoint as every team role and compares the answers with the table. */
export async function checkTeamAccessMatrix(options: TeamMatrixOptions): Promise<{ endpoints: number; calls: number; problems: string[] }> {
  const endpoints = mountedEndpoints(options.server).filter((endpoint) => endpoint.path.includes(`:${options.teamParam}`));
  const keys = new Set(endpoints.map(endpointKey));
  const problems: string[] = [];
  for (const key of Object.keys(options.table)) if (!keys.has(key)) problems.push(`${key}: row in the team table, but no such team endpoint is mounted`);
  let calls = 0;
  for (const endpoint of endpoints) {
    const access = options.table[endpointKey(endpoint)];
    if (!access) {
      problems.push(`${endpointKey(endpoint)}: a team endpoint without a row in the team access table`);
      continue;
    }
    const expected = typeof access === 'string' ? TEAM_LADDER[access] : access;
    for (const role of TEAM_ROLES) {
      const status = await callEndpoint(options.url, endpoint, options.principals[role], { [options.teamParam]: options.teamId });
      calls += 1;
      if (judge(expected[role], status) !== expected[role]) problems.push(`${endpointKey(endpoint)} as team ${role}: expected ${expected[role]}, got ${status}`);
    }
  }
  return { endpoints: endpoints.length, calls, problems };
}
