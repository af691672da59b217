import { useState } from 'react';
import { Button } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { CheckboxField } from '../console/fields';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { PromotionSection } from './promotion-section';
import { TrialsSection } from './trials-section';

/** The operator's billing offers: free trials per plan and period, promotion codes, and tax at checkout. */
export function BillingTab() {
  return (
    <div className="adm-stack">
      <TrialsSection />
      <PromotionSection />
      <TaxSection />
    </div>
  );
}

function TaxSection() {
  const api = useAdminApi();
  const report = useReportError();
  const settings = useLoad((signal) => api.billing.settings({ signal }), 'billing-settings');
  const [saving, setSaving] = useState(false);
  const toggle = async (taxEnabled: boolean) => {
    setSaving(true);
    try {
      const saved = await api.billing.setSettings({ taxEnabled });
      settings.setData(() => saved);
    } catch (error) {
      report(ADMIN_ERRORS.saveBillingSettings, error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="tax-title" className="adm-card">
      <h2 id="tax-title">Tax at checkout</h2>
      <p>When on, Checkout asks for the billing address and a business tax ID, and Stripe adds the tax due to each invoice. Off by default.</p>
      <LoadStates loaded={settings} label="Tax setting">
        {(current) => (
          <>
            <CheckboxField label="Collect tax at checkout" checked={current.taxEnabled} disabled={saving} onChange={(event) => void toggle(event.target.checked)} />
            {saving && (
              <Button variant="secondary" disabled>
                Saving…
              </Button>
            )}
          </>
        )}
      </LoadStates>
    </section>
  );
}
