import { formatMoment } from '../api-keys/key-list';
import { ACTIVITY_LABELS, type TeamActivity } from './team-api';

/** The team's audit trail, newest first: what happened, by whom, to whom. */
export function ActivityLog({ activity }: { activity: TeamActivity[] }) {
  if (activity.length === 0) return <p className="ad-muted">Nothing has happened in this team yet.</p>;
  return (
    <ol className="ad-plain-list acc-team__log" aria-label="Team activity">
      {activity.map((entry) => (
        <li key={entry.id} className="acc-team__log-entry">
          <time dateTime={entry.at} className="ad-muted">
            {formatMoment(entry.at)}
          </time>
          <span>
            <strong>{ACTIVITY_LABELS[entry.action]}</strong>
            {entry.subject && <> · {entry.subject}</>}
            {entry.detail && <> · {entry.detail}</>}
            {entry.actorEmail && <span className="ad-muted"> — by {entry.actorEmail}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
