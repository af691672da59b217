import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { describeFailure } from '@agentdock/ui';
import type { InvitationSummary, OrganisationDetail, TeamActivity, TeamApi } from './team-api';

export type TeamState =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; detail: OrganisationDetail; invitations: InvitationSummary[]; activity: TeamActivity[] };

/**
 * One team's page data: the team with its members for everyone, its pending invitations and its
 * log for owners and admins. `reload` fetches all again after a change, so what shows is what the
 * server holds (a removed member, a resent invitation's new expiry, the log's new line).
 */
export function useTeam(api: TeamApi, orgId: string) {
  const [team, setTeam] = useState<TeamState>({ state: 'loading' });
  const load = useCallback(
    async (signal?: AbortSignal, quiet = false) => {
      if (!quiet) setTeam({ state: 'loading' });
      try {
        const detail = await api.detail(orgId, { signal });
        const manages = detail.organisation.role !== 'member';
        const [invitations, activity] = manages ? await Promise.all([api.invitations(orgId, { signal }), api.activity(orgId, { signal })]) : [[], []];
        if (!signal?.aborted) setTeam({ state: 'loaded', detail, invitations, activity });
      } catch (error) {
        if (!isAbortError(error) && !signal?.aborted) setTeam({ state: 'failed', message: describeFailure(error).message });
      }
    },
    [api, orgId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { team, reload: () => load(undefined, true), retry: () => load() };
}
