import './team.css';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { TEAM_PATH } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Button, Card, describeFailure, ErrorState, Spinner } from '@agentdock/ui';
import { SignedInSubpage } from '../signed-in-subpage';
import { CreateTeamForm } from './create-team-form';
import { type OrganisationSummary, teamApi } from './team-api';
import { TeamView } from './team-view';

export const NO_TEAMS = 'You are not in a team yet. Create one for your company and invite your colleagues.';

type Teams = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; teams: OrganisationSummary[] };

function Team({ userId }: { userId: string }) {
  const client = useSessionClient();
  const api = useMemo(() => teamApi(client), [client]);
  const [teams, setTeams] = useState<Teams>({ state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const pickId = useId();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setTeams({ state: 'loading' });
      try {
        setTeams({ state: 'loaded', teams: await api.list({ signal }) });
      } catch (error) {
        if (!isAbortError(error) && !signal?.aborted) setTeams({ state: 'failed', message: describeFailure(error).message });
      }
    },
    [api],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (teams.state === 'loading') return <Spinner label="Loading your teams…" />;
  if (teams.state === 'failed') return <ErrorState title="Your teams could not be loaded" message={teams.message} onRetry={() => void load()} />;

  const current = teams.teams.find((team) => team.id === chosen) ?? teams.teams[0];
  const onCreated = (team: OrganisationSummary) => {
    setCreating(false);
    setChosen(team.id);
    void load();
  };
  const createCard = (
    <Card as="section" aria-labelledby="acc-team-create" className="acc-team__card">
      <h2 id="acc-team-create" className="acc-card__title">
        Create a team
      </h2>
      {!current && <p>{NO_TEAMS}</p>}
      <CreateTeamForm api={api} onCreated={onCreated} />
    </Card>
  );
  if (!current) return createCard;

  return (
    <div className="acc-team">
      <div className="ad-row acc-team__switch">
        {teams.teams.length > 1 && (
          <label htmlFor={pickId} className="acc-team__pick">
            <span className="ad-field__label">Team</span>
            <select id={pickId} className="ad-input" value={current.id} onChange={(event) => setChosen(event.target.value)}>
              {teams.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <h2 className="acc-team__title">
          {current.name} <span className="ad-muted">/{current.slug}</span>
        </h2>
        {!creating && (
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            Create Another Team
          </Button>
        )}
      </div>
      {creating && createCard}
      <TeamView key={current.id} api={api} orgId={current.id} userId={userId} onTeamsChanged={() => void load()} />
    </div>
  );
}

/** The dashboard's Team page: create a team, then its members, invitations and activity. */
export default function TeamPage() {
  return (
    <SignedInSubpage
      title="Team"
      lead="Work with your colleagues: members, roles, invitations and what happened in the team."
      actionsClassName="acc-team__header-actions"
      signInMessage="Please sign in to manage your team."
      returnUrl={TEAM_PATH}
    >
      {(user) => <Team userId={user.id} />}
    </SignedInSubpage>
  );
}
