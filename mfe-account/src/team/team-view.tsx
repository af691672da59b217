import { useMemo, useRef, useState } from 'react';
import type { TeamMember } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Card, ErrorState, Spinner } from '@agentdock/ui';
import { formatCount } from '../dashboard/format';
import { ActivityExport } from './activity-export';
import { ActivityLog } from './activity-log';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { poolApi } from './pool-api';
import { PoolCard } from './pool-card';
import { SeatsPanel } from './seats-panel';
import type { TeamApi } from './team-api';
import { TeamSettings } from './team-settings';
import { TeamUsage } from './team-usage';
import { usePool } from './use-pool';
import { useTeam } from './use-team';

interface TeamViewProps {
  api: TeamApi;
  orgId: string;
  userId: string;
  /** The team list changed (renamed, deleted, left): the page reloads it. */
  onTeamsChanged: () => void;
}

/** Without a subscription a team has the free seats the operator grants: one is the owner alone. */
const freeSeatsWords = (limit: number) => (limit === 1 ? 'the owner alone' : `${formatCount(limit)} free seats`);

/** One team: seats, members, invitations, activity and settings, as the caller's role allows. */
export function TeamView({ api, orgId, userId, onTeamsChanged }: TeamViewProps) {
  const { team, reload, retry } = useTeam(api, orgId);
  const client = useSessionClient();
  const pools = useMemo(() => poolApi(client), [client]);
  const { pool, reload: reloadPool } = usePool(pools, orgId);
  const figures = useMemo(() => new Map(pool.state === 'loaded' ? pool.pool.members.map((member) => [member.userId, member]) : []), [pool]);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const announce = (text: string) => {
    setNotice(text);
    noticeRef.current?.focus();
  };

  if (team.state === 'loading') return <Spinner label="Loading the team…" />;
  if (team.state === 'failed') return <ErrorState title="The team could not be loaded" message={team.message} onRetry={() => void retry()} />;

  const { detail, invitations, activity } = team;
  const me = { userId, role: detail.organisation.role };
  const manages = me.role !== 'member';
  const { seats } = detail;
  const actions = {
    setRole: async (member: TeamMember, role: 'admin' | 'member') => {
      await api.setRole(orgId, member.userId, role);
      announce(`${member.email} is now ${role === 'admin' ? 'an admin' : 'a member'}.`);
      await reload();
    },
    remove: async (member: TeamMember) => {
      await api.removeMember(orgId, member.userId);
      if (member.userId === userId) return onTeamsChanged();
      announce(`${member.email} was removed from the team.`);
      await reload();
    },
    transfer: async (member: TeamMember) => {
      await api.transfer(orgId, member.userId);
      announce(`${member.email} is now the owner of the team.`);
      await reload();
    },
  };
  const setCap = async (member: TeamMember, monthlyCap: number | null) => {
    await pools.setCap(orgId, member.userId, monthlyCap);
    announce(monthlyCap === null ? `${member.email} has no monthly cap now.` : `${member.email} can spend up to ${formatCount(monthlyCap)} credits a month from the team's pool.`);
    await reloadPool();
  };

  return (
    <div className="acc-team">
      <div ref={noticeRef} tabIndex={-1} className="acc-team__notice">
        {notice && <Alert variant="success">{notice}</Alert>}
      </div>
      <Card as="section" aria-labelledby="acc-team-members" className="acc-team__card">
        <h2 id="acc-team-members" className="acc-card__title">
          Members
        </h2>
        <p className="acc-team__seats" data-testid="team-seats">
          {seats.used} of {seats.limit} {seats.limit === 1 ? 'seat' : 'seats'} used
          {seats.pending > 0 && `, ${seats.pending} held by pending invitations`}
          {seats.hasActiveSubscription ? ` · ${seats.paid} paid` : ` · no team subscription yet: ${freeSeatsWords(seats.limit)}`}
        </p>
        <MemberList members={detail.members} me={me} actions={actions} figures={figures} onSetCap={manages ? setCap : null} />
      </Card>
      <Card as="section" aria-labelledby="acc-team-pool" className="acc-team__card">
        <h2 id="acc-team-pool" className="acc-card__title">
          Team credits
        </h2>
        {pool.state === 'loading' && <Spinner label="Loading the team’s credits…" />}
        {pool.state === 'failed' && <ErrorState title="The team’s credits could not be loaded" message={pool.message} onRetry={() => void reloadPool()} />}
        {pool.state === 'loaded' && <PoolCard api={pools} orgId={orgId} pool={pool.pool} manages={manages} />}
      </Card>
      <Card as="section" aria-labelledby="acc-team-usage" className="acc-team__card">
        <h2 id="acc-team-usage" className="acc-card__title">
          {manages ? 'Usage per member' : 'Your usage in this team'}
        </h2>
        <TeamUsage api={pools} orgId={orgId} members={detail.members} />
      </Card>
      {manages && (
        <>
          <Card as="section" aria-labelledby="acc-team-seats" className="acc-team__card">
            <h2 id="acc-team-seats" className="acc-card__title">
              Seats
            </h2>
            <SeatsPanel orgId={orgId} onChanged={() => void reload()} />
          </Card>
          <Card as="section" aria-labelledby="acc-team-invite" className="acc-team__card">
            <h2 id="acc-team-invite" className="acc-card__title">
              Invite someone
            </h2>
            <InviteForm
              api={api}
              orgId={orgId}
              onInvited={(invitation) => {
                announce(`An invitation was sent to ${invitation.email}.`);
                void reload();
              }}
            />
          </Card>
          <Card as="section" aria-labelledby="acc-team-invitations" className="acc-team__card">
            <h2 id="acc-team-invitations" className="acc-card__title">
              Pending invitations
            </h2>
            <InvitationList
              invitations={invitations}
              onResend={async (invitation) => {
                await api.resend(orgId, invitation.id);
                announce(`The invitation was sent to ${invitation.email} again.`);
                await reload();
              }}
              onRevoke={async (invitation) => {
                await api.revoke(orgId, invitation.id);
                announce(`The invitation to ${invitation.email} was revoked.`);
                await reload();
              }}
            />
          </Card>
          <Card as="section" aria-labelledby="acc-team-activity" className="acc-team__card">
            <h2 id="acc-team-activity" className="acc-card__title">
              Activity
            </h2>
            <ActivityExport api={pools} orgId={orgId} />
            <ActivityLog activity={activity} />
          </Card>
          <Card as="section" aria-labelledby="acc-team-settings" className="acc-team__card">
            <h2 id="acc-team-settings" className="acc-card__title">
              Team settings
            </h2>
            <TeamSettings
              key={detail.organisation.name}
              api={api}
              team={detail.organisation}
              hasActiveSubscription={seats.hasActiveSubscription}
              onRenamed={onTeamsChanged}
              onDeleted={onTeamsChanged}
            />
          </Card>
        </>
      )}
    </div>
  );
}
