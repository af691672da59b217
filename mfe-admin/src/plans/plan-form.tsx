import type { Plan } from '@agentdock/contracts';
import { TextAreaField, TextField } from '@agentdock/ui';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { CheckboxField, SelectField } from '../console/fields';
import { FormFrame } from '../console/form-frame';
import { TIER_OPTIONS } from '../console/tier-options';
import { useRecordForm } from '../console/use-record-form';
import { PlanBulletsPreview } from './plan-preview';
import { EMPTY_PLAN, planFieldOf, planValues, type PlanValues } from './plan-values';

export interface PlanFormProps {
  /** The plan to edit; none to create one. */
  plan?: Plan;
  save: (values: PlanValues) => Promise<void>;
  onCancel: () => void;
}

export function PlanForm({ plan, save, onCancel }: PlanFormProps) {
  const form = useRecordForm({ initial: plan ? planValues(plan) : EMPTY_PLAN, save, fieldOf: planFieldOf, failureText: ADMIN_ERRORS.savePlan });
  return (
    <FormFrame title={plan ? 'Edit Plan' : 'Create New Plan'} form={form} onCancel={onCancel}>
      <div className="adm-form-grid">
        {!plan && <TextField label="Plan ID" placeholder="e.g. starter" {...form.field('id')} />}
        <TextField label="Name" {...form.field('name')} />
        <SelectField label="Tier" options={TIER_OPTIONS} {...form.field('tier')} />
        <TextField label="Monthly price ($)" inputMode="decimal" {...form.field('monthlyPrice')} />
        <TextField label="Monthly price ID" {...form.field('monthlyPriceId')} />
        <TextField label="Annual price ($ per year)" inputMode="decimal" {...form.field('annualPrice')} />
        <TextField label="Annual price ID" {...form.field('annualPriceId')} />
        <TextField label="Real tokens" inputMode="numeric" {...form.field('realTokensLimit')} />
        <TextField label="Platform credits" inputMode="numeric" {...form.field('platformCreditsLimit')} />
        <TextField label="API calls" inputMode="numeric" {...form.field('apiCallsLimit')} />
        <TextField label="Agents included" inputMode="numeric" {...form.field('agentsIncluded')} />
        <TextField label="Button text" {...form.field('cta')} />
        <TextField label="Sort order" inputMode="numeric" {...form.field('sortOrder')} />
      </div>
      <TextAreaField label="Description" rows={2} {...form.field('description')} />
      <TextAreaField label="Other included features (one per line)" rows={4} {...form.field('features')} />
      <PlanBulletsPreview values={form.values} />
      <TextAreaField label="Not included (one per line)" rows={3} {...form.field('notIncluded')} />
      <div className="adm-checkboxes">
        <CheckboxField label="Active" {...form.checkbox('isActive')} />
        <CheckboxField label="Highlight as MOST POPULAR" {...form.checkbox('highlight')} />
        <CheckboxField label="Custom price (contact sales)" {...form.checkbox('customPrice')} />
      </div>
    </FormFrame>
  );
}
