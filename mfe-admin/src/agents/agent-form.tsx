import type { AdminAgent, AgentInput } from '@agentdock/contracts';
import { TextAreaField, TextField } from '@agentdock/ui';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { CheckboxField, SelectField } from '../console/fields';
import { FormFrame } from '../console/form-frame';
import { TIER_OPTIONS } from '../console/tier-options';
import { lines, useRecordForm } from '../console/use-record-form';

export type AgentValues = {
  key: string;
  name: string;
  description: string;
  features: string;
  useCase: string;
  tier: string;
  providerAgentId: string;
  isActive: boolean;
};

/** A new agent is for the free tier unless the admin picks another. */
const EMPTY_AGENT: AgentValues = { key: '', name: '', description: '', features: '', useCase: '', tier: 'free', providerAgentId: '', isActive: true };

function agentValues(agent: AdminAgent): AgentValues {
  return {
    key: agent.key,
    name: agent.name,
    description: agent.description,
    features: agent.features.join('\n'),
    useCase: agent.useCase,
    tier: agent.tier,
    providerAgentId: agent.providerAgentId ?? '',
    isActive: agent.isActive,
  };
}

/** The request body; the key is only sent when creating, since chat history is kept by it. */
export function agentBody(values: AgentValues, create: boolean): AgentInput {
  const { key, features, providerAgentId, ...rest } = values;
  return { ...rest, ...(create ? { key: key.trim() } : {}), features: lines(features), providerAgentId: providerAgentId.trim() || null } as AgentInput;
}

export function AgentForm({ agent, save, onCancel }: { agent?: AdminAgent; save: (values: AgentValues) => Promise<void>; onCancel: () => void }) {
  const form = useRecordForm({ initial: agent ? agentValues(agent) : EMPTY_AGENT, save, failureText: ADMIN_ERRORS.saveAgent });
  return (
    <FormFrame title={agent ? 'Edit Agent' : 'Create New Agent'} form={form} onCancel={onCancel}>
      <div className="adm-form-grid">
        {!agent && <TextField label="Key" placeholder="e.g. meeting-prep" {...form.field('key')} />}
        <TextField label="Name" {...form.field('name')} />
        <SelectField label="Tier" options={TIER_OPTIONS} {...form.field('tier')} />
        <TextField label="Provider agent ID" {...form.field('providerAgentId')} />
      </div>
      <TextAreaField label="Description" rows={3} {...form.field('description')} />
      <TextAreaField label="Features (one per line)" rows={3} {...form.field('features')} />
      <TextAreaField label="Use case" rows={2} {...form.field('useCase')} />
      <CheckboxField label="Active" {...form.checkbox('isActive')} />
    </FormFrame>
  );
}
