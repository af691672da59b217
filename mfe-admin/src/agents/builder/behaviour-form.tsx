import { useId } from 'react';
import { IMAGE_SIZE_LABELS, IMAGE_SIZES, type ModelConnection } from '@agentdock/contracts';
import { TextAreaField, TextField } from '@agentdock/ui';
import { CheckboxField, SelectField } from '../../console/fields';
import type { BehaviourErrors, BehaviourValues } from './behaviour-values';
import { MarkdownEditor } from './markdown-editor';

export interface BehaviourFormProps {
  values: BehaviourValues;
  errors: BehaviourErrors;
  onChange: (values: BehaviourValues) => void;
  connections: ModelConnection[];
  /** The models the chosen connection lists (empty while unknown). */
  models: string[];
}

/** The fields of an agent's behaviour: what a draft holds and Publish makes live. */
export function BehaviourForm({ values, errors, onChange, connections, models }: BehaviourFormProps) {
  const modelsId = useId();
  const set = <K extends keyof BehaviourValues>(key: K, value: BehaviourValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: Exclude<keyof BehaviourValues, 'imagesEnabled' | 'imageSizes'>) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  const fallback = connections.find((connection) => connection.isDefault);
  const connectionOptions = [
    { value: '', label: fallback ? `Default connection (${fallback.name})` : 'Default connection' },
    ...connections.map((connection) => ({ value: connection.id, label: connection.name })),
  ];
  return (
    <div className="adm-form">
      <MarkdownEditor
        label="Instructions"
        hint="Private: sent to the model with every message, never shown to customers or on the public pages."
        value={values.instructions}
        error={errors.instructions}
        onChange={(instructions) => set('instructions', instructions)}
      />
      <div className="adm-form-grid">
        <SelectField label="Connection" options={connectionOptions} {...text('connectionId')} />
        <TextField label="Model" placeholder="The connection's default" list={modelsId} {...text('model')} />
        <datalist id={modelsId}>
          {models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
        <TextField label="Temperature (0–2)" inputMode="decimal" placeholder="Model default" {...text('temperature')} />
        <TextField label="Maximum reply tokens" inputMode="numeric" placeholder="Platform limit" {...text('maxReplyTokens')} />
      </div>
      <TextAreaField label="Conversation starters (one per line, at most 4; customers see them)" rows={4} {...text('starters')} />
      <TextAreaField label="Stop sequences (one per line, optional)" rows={2} {...text('stop')} />
      <fieldset className="adm-fieldset">
        <legend>Images</legend>
        <CheckboxField label="This agent makes images" checked={values.imagesEnabled} onChange={(event) => set('imagesEnabled', event.target.checked)} />
        {values.imagesEnabled && (
          <>
            <TextField label="Image model" placeholder="The connection's default" {...text('imageModel')} />
            <div role="group" aria-label="Image sizes offered" className="adm-checkbox-row">
              {IMAGE_SIZES.map((size) => (
                <CheckboxField
                  key={size}
                  label={`${IMAGE_SIZE_LABELS[size]} (${size})`}
                  checked={values.imageSizes.includes(size)}
                  onChange={(event) => set('imageSizes', event.target.checked ? [...values.imageSizes, size] : values.imageSizes.filter((one) => one !== size))}
                />
              ))}
            </div>
          </>
        )}
      </fieldset>
    </div>
  );
}
