import type { Plan } from '@agentdock/contracts';
import { Badge, formatPrice } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { formatNumber } from '../console/format';
import { RecordTab } from '../console/record-tab';
import { useLoad } from '../console/use-load';
import { PlanForm } from './plan-form';
import { planBody, planCreateBody, type PlanValues } from './plan-values';

export const DELETE_PLAN_CONFIRMATION = 'Are you sure you want to delete this plan?';

const limit = (value: number | null) => (value === null ? 'Custom' : formatNumber(value));

export function PlansTab() {
  const api = useAdminApi();
  const plans = useLoad((signal) => api.catalog.listPlans({ signal }), 'plans');
  return (
    <RecordTab<Plan, PlanValues>
      name="plans"
      item="plan"
      title="Plans"
      addLabel="Add Plan"
      loadLabel="Plans"
      emptyText="No plans yet. Add the first one."
      loaded={plans}
      heading={(plan) => plan.name}
      badge={(plan) => <Badge variant={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>}
      details={(plan) => (
        <>
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
        </>
      )}
      save={(plan, values) => (plan ? api.catalog.updatePlan(plan.id, planBody(values)) : api.catalog.createPlan(planCreateBody(values)))}
      form={(plan, handlers) => <PlanForm plan={plan} {...handlers} />}
      remove={{ confirmation: DELETE_PLAN_CONFIRMATION, failureText: ADMIN_ERRORS.deletePlan, call: (plan) => api.catalog.deletePlan(plan.id) }}
    />
  );
}
