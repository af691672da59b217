import { useState } from 'react';
import type { InvitableRole, TeamMember, TeamRole } from '@agentdock/contracts';
import { Badge, Button, TruncatedText } from '@agentdock/ui';
import { MemberFigures } from './member-figures';
import type { TeamPoolMember } from './pool-api';
import { ROLE_LABELS } from './team-api';

export interface MemberActions {
  setRole: (member: TeamMember, role: InvitableRole) => Promise<void>;
  remove: (member: TeamMember) => Promise<void>;
  transfer: (member: TeamMember) => Promise<void>;
}

interface MemberListProps {
  members: TeamMember[];
  me: { userId: string; role: TeamRole };
  actions: MemberActions;
  /** Each member's figures in the team's pool, as the caller may see them (a member: their own). */
  figures: ReadonlyMap<string, TeamPoolMember>;
  /** Owners and admins set a member's monthly cap. */
  onSetCap: ((member: TeamMember, monthlyCap: number | null) => Promise<void>) | null;
}

/** Members with their role; owners and admins change roles and remove, the owner transfers ownership, anyone but the owner leaves. */
export function MemberList({ members, me, actions, figures, onSetCap }: MemberListProps) {
  return (
    <ul className="ad-plain-list acc-team__list" aria-label="Team members">
      {members.map((member) => (
        <MemberItem
          key={member.userId}
          member={member}
          me={me}
          actions={actions}
          figures={figures.get(member.userId) ?? null}
          onSetCap={onSetCap && ((monthlyCap) => onSetCap(member, monthlyCap))}
        />
      ))}
    </ul>
  );
}

type Pending = 'role' | 'remove' | 'transfer' | null;

interface MemberItemProps {
  member: TeamMember;
  me: MemberListProps['me'];
  actions: MemberActions;
  figures: TeamPoolMember | null;
  onSetCap: ((monthlyCap: number | null) => Promise<void>) | null;
}

function MemberItem({ member, me, actions, figures, onSetCap }: MemberItemProps) {
  const [confirm, setConfirm] = useState<'remove' | 'transfer' | null>(null);
  const [busy, setBusy] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const self = member.userId === me.userId;
  const manages = me.role !== 'member';
  const run = async (what: Exclude<Pending, null>, action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
      setConfirm(null);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const name = member.fullName ?? member.email;
  const canChangeRole = member.role !== 'owner' && manages && (me.role === 'owner' || !self);
  const canRemove = member.role !== 'owner' && (self || manages);
  const canTransfer = me.role === 'owner' && !self;
  return (
    <li className="acc-team__item">
      <div className="acc-team__who">
        {/* An address is cut to the card's width, whole on hover and focus, instead of broken inside a word on a phone. */}
        <span className="acc-team__name">
          {member.fullName ? <span>{member.fullName}</span> : <TruncatedText text={member.email} />}
          {self && <span className="ad-muted acc-team__you">(you)</span>}
        </span>
        {member.fullName && <TruncatedText className="ad-muted acc-team__email" text={member.email} />}
      </div>
      {figures && <MemberFigures key={figures.monthlyCap ?? 'none'} figures={figures} name={name} onSetCap={onSetCap} />}
      <div className="ad-row acc-team__actions">
        {canChangeRole ? (
          <label className="acc-team__role">
            <span className="ad-visually-hidden">Role of {name}</span>
            <select
              className="ad-input"
              value={member.role}
              disabled={busy !== null}
              onChange={(event) => void run('role', () => actions.setRole(member, event.target.value as InvitableRole))}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </label>
        ) : (
          <Badge variant={member.role === 'owner' ? 'primary' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge>
        )}
        {canTransfer && confirm !== 'transfer' && (
          <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => setConfirm('transfer')}>
            Make Owner
          </Button>
        )}
        {canRemove && confirm !== 'remove' && (
          <Button size="sm" variant="danger" disabled={busy !== null} onClick={() => setConfirm('remove')} aria-label={self ? 'Leave the team' : `Remove ${name}`}>
            {self ? 'Leave' : 'Remove'}
          </Button>
        )}
      </div>
      {confirm && (
        <div className="acc-team__confirm" role="group" aria-label="Confirm">
          <p>
            {confirm === 'transfer'
              ? `Make ${name} the owner? You stay in the team as an admin.`
              : self
                ? 'Leave the team? You lose access to it at once.'
                : `Remove ${name}? They lose access to the team at once; their own account stays.`}
          </p>
          <div className="ad-row">
            <Button
              size="sm"
              variant={confirm === 'transfer' ? 'primary' : 'danger'}
              disabled={busy !== null}
              onClick={() => void run(confirm, () => (confirm === 'transfer' ? actions.transfer(member) : actions.remove(member)))}
            >
              {busy === confirm ? 'Working…' : confirm === 'transfer' ? 'Transfer Ownership' : self ? 'Leave Team' : 'Remove Member'}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => setConfirm(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p className="ad-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
