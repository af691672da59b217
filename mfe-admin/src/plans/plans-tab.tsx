import { useState } from 'react';
import type { Plan } from '@agentdock/contracts';
import { Badge, Button, Card, formatPrice } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { ConfirmDialog } from '../console/confirm-dialog';
import { formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { PlanForm } from './plan-form';
import { planBody, planCreateBody } from './plan-values';

export const DELETE_PLAN_CONFIRMATION = 'Are you sure you want to delete this plan?';

type Editing = { mode: 'create' } | { mode: 'edit'; plan: Plan } | null;

const limit = (value: number | null) => (value === null ? 'Custom' : formatNumber(value));

export function PlansTab() {
  const api = useAdminApi();
  const report = useReportError();
  const plans = useLoad((signal) => api.catalog.listPlans({ signal }), 'plans');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [pending, setPending] = useState(false);

  async function confirmDelete(plan: Plan) {
    setPending(true);
    try {
      await api.catalog.deletePlan(plan.id);
      plans.setData((current) => current?.filter((row) => row.id !== plan.id));
    } catch (error) {
      report(ADMIN_ERRORS.deletePlan, error);
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  if (editing) {
    const plan = editing.mode === 'edit' ? editing.plan : undefined;
    return (
      <PlanForm
        plan={plan}
        onCancel={() => setEditing(null)}
        save={async (values) => {
          const saved = plan ? await api.catalog.updatePlan(plan.id, planBody(values)) : await api.catalog.createPlan(planCreateBody(values));
          plans.setData((current) => (plan ? current?.map((row) => (row.id === saved.id ? saved : row)) : [saved, ...(current ?? [])]));
          setEditing(null);
        }}
      />
    );
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-plans-title">
      <div className="adm-tab__head">
        <h2 id="adm-plans-title">Plans</h2>
        <Button onClick={() => setEditing({ mode: 'create' })}>Add Plan</Button>
      </div>
      <LoadStates loaded={plans} label="Plans">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No plans yet. Add the first one.</p>
          ) : (
            <ul className="adm-grid">
              {rows.map((plan) => (
                <Card as="li" key={plan.id} className="adm-item" aria-labelledby={`plan-${plan.id}`}>
                  <div className="adm-item__head">
                    <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
                    <Badge variant={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
                  </div>
                  <p className="adm-price" data-testid="plan-price">
                    {plan.monthly ? `${formatPrice(plan.monthly.amountMinor, plan.currency)} / month` : 'Custom pricing'}
                  </p>
                  <dl className="adm-facts">
                    <dt>Real tokens</dt>
                    <dd>{limit(plan.realTokensLimit)}</dd>
                    <dt>Platform credits</dt>
                    <dd>{limit(plan.platformCreditsLimit)}</dd>
                    <dt>API calls</dt>
                    <dd>{limit(plan.apiCallsLimit)}</dd>
                  </dl>
                  <div className="adm-actions">
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', plan })} aria-label={`Edit ${plan.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(plan)} aria-label={`Delete ${plan.name}`}>
                      Delete
                    </Button>
                  </div>
                </Card>
              ))}
            </ul>
          )
        }
      </LoadStates>
      {deleting && (
        <ConfirmDialog
          message={DELETE_PLAN_CONFIRMATION}
          confirmLabel="Delete"
          pending={pending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
