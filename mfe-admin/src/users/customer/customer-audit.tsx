import { actionLabel } from '../../audit/merge-audit';
import { formatDateTime } from '../../console/format';
import { LoadStates } from '../../console/load-states';
import { useCustomerAudit } from './use-customer';

export function CustomerAudit({ userId }: { userId: string }) {
  const entries = useCustomerAudit(userId);
  return (
    <div className="adm-breakdown">
      <h3>Admin actions about this customer</h3>
      <LoadStates loaded={entries} label="Audit entries">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No admin actions yet.</p>
          ) : (
            <ul className="adm-list" aria-label="Admin actions">
              {rows.map((entry) => (
                <li key={`${entry.service}:${entry.id}`} className="adm-list__row">
                  <span>{`${formatDateTime(entry.createdAt)}: ${actionLabel(entry.action)} by ${entry.actorEmail ?? entry.actorId}`}</span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </div>
  );
}
