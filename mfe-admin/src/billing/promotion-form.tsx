import { type CreatePromotionRequest, createPromotionRequest, type PromotionCodeView } from '@agentdock/contracts';
import { Button, TextField } from '@agentdock/ui';
import { useState } from 'react';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { SelectField } from '../console/fields';

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The new code's form: the code, percent or amount off, for how long, how many times, until when. */
export function PromotionForm({ create, onCreated }: { create: (body: CreatePromotionRequest) => Promise<PromotionCodeView>; onCreated: (code: PromotionCodeView) => void }) {
  const report = useReportError();
  const [values, setValues] = useState({ code: '', name: '', kind: 'percent', off: '', duration: 'once', months: '', maxRedemptions: '', expiresOn: '' });
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const off = Number(values.off);
    const parsed = createPromotionRequest.safeParse({
      code: values.code,
      ...(values.name.trim() ? { name: values.name } : {}),
      discount: values.kind === 'percent' ? { kind: 'percent', percentOff: off } : { kind: 'amount', amountOff: Math.round(off * 100), currency: 'usd' },
      duration: values.duration,
      ...(values.duration === 'repeating' ? { durationInMonths: optionalNumber(values.months) } : {}),
      ...(values.maxRedemptions.trim() ? { maxRedemptions: optionalNumber(values.maxRedemptions) } : {}),
      ...(values.expiresOn ? { expiresAt: new Date(`${values.expiresOn}T23:59:59Z`).toISOString() } : {}),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the fields.');
    setError(undefined);
    setSaving(true);
    try {
      onCreated(await create(parsed.data));
      setValues((current) => ({ ...current, code: '', name: '', off: '' }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : undefined);
      report(ADMIN_ERRORS.savePromotion, failure, true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New promotion code" className="adm-form">
      <TextField label="Code customers type" value={values.code} onChange={set('code')} required />
      <TextField label="Name (optional)" value={values.name} onChange={set('name')} />
      <SelectField
        label="Discount"
        value={values.kind}
        onChange={set('kind')}
        options={[
          { value: 'percent', label: 'Percent off' },
          { value: 'amount', label: 'Amount off (USD)' },
        ]}
      />
      <TextField label={values.kind === 'percent' ? 'Percent off' : 'Amount off in dollars'} inputMode="decimal" value={values.off} onChange={set('off')} required />
      <SelectField
        label="Applies to"
        value={values.duration}
        onChange={set('duration')}
        options={[
          { value: 'once', label: 'The first payment' },
          { value: 'repeating', label: 'Several months' },
          { value: 'forever', label: 'Every payment' },
        ]}
      />
      {values.duration === 'repeating' && <TextField label="Number of months" inputMode="numeric" value={values.months} onChange={set('months')} required />}
      <TextField label="Most redemptions (optional)" inputMode="numeric" value={values.maxRedemptions} onChange={set('maxRedemptions')} />
      <TextField label="Expires on (optional)" type="date" value={values.expiresOn} onChange={set('expiresOn')} />
      {error && <p className="ad-field__error">{error}</p>}
      <Button type="submit" disabled={saving}>
        {saving ? 'Creating…' : 'Create code'}
      </Button>
    </form>
  );
}
