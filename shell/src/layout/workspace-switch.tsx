import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { IDENTITY_TEAM_ENDPOINTS } from '@agentdock/contracts';
import { type Workspace, getWorkspaceStore, useSession, useSessionClient, useWorkspace } from '@agentdock/session';

const PERSONAL = '';

/**
 * Personal or one of the user's teams: chat, the dashboard's figures and API keys follow the
 * choice, which is remembered for this user in this browser. Shown only to members of a team; the
 * teams are read from identity on each page change (never from the token), so a team the user was
 * removed from disappears and the choice falls back to Personal.
 */
export function WorkspaceSwitch({ className }: { className?: string }) {
  const client = useSessionClient();
  const { user } = useSession();
  const location = useLocation();
  const { workspace, choose } = useWorkspace();
  const [teams, setTeams] = useState<Workspace[] | null>(null);
  const id = useId();

  useEffect(() => {
    if (!user) return undefined;
    const controller = new AbortController();
    client.api.call(IDENTITY_TEAM_ENDPOINTS.organisations, { signal: controller.signal }).then(
      ({ organisations }) => {
        const listed = organisations.map(({ id: teamId, name }) => ({ id: teamId, name }));
        getWorkspaceStore().reconcile(user.id, listed);
        setTeams(listed);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [client, user, location.key]);

  if (!teams || teams.length === 0) return null;
  return (
    <span className={className}>
      <label htmlFor={id} className="ad-visually-hidden">
        Workspace
      </label>
      <select
        id={id}
        className="shell-workspace__select"
        data-testid="workspace-switch"
        value={workspace?.id ?? PERSONAL}
        onChange={(event) => choose(teams.find((team) => team.id === event.target.value) ?? null)}
      >
        <option value={PERSONAL}>Personal</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </span>
  );
}
