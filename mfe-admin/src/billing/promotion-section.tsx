import { type PromotionCodeView } from '@agentdock/contracts';
import { Badge, Button, formatPrice } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { PromotionForm } from './promotion-form';

/** What a code takes off and for how long: "20% off every payment", "$5.00 off for 3 months". */
export function discountText(code: PromotionCodeView): string {
  const off = code.percentOff !== null ? `${code.percentOff}%` : formatPrice(code.amountOff ?? 0, code.currency ?? 'usd');
  if (code.duration === 'repeating') return `${off} off for ${code.durationInMonths ?? 1} months`;
  return code.duration === 'once' ? `${off} off the first payment` : `${off} off every payment`;
}

export function PromotionSection() {
  const api = useAdminApi();
  const report = useReportError();
  const codes = useLoad((signal) => api.billing.promotionCodes({ signal }), 'promotion-codes');
  const replace = (saved: PromotionCodeView) =>
    codes.setData(
      (current) =>
        current && { codes: current.codes.some((code) => code.id === saved.id) ? current.codes.map((code) => (code.id === saved.id ? saved : code)) : [saved, ...current.codes] },
    );
  const toggle = async (code: PromotionCodeView) => {
    try {
      replace(await api.billing.setPromotionCodeActive(code.id, !code.active));
    } catch (error) {
      report(ADMIN_ERRORS.updatePromotion, error);
    }
  };
  return (
    <section aria-labelledby="codes-title" className="adm-card">
      <h2 id="codes-title">Promotion codes</h2>
      <p>Customers type these on the checkout page. Each code is a Stripe coupon with the code customers see.</p>
      <PromotionForm onCreated={replace} create={api.billing.createPromotionCode} />
      <LoadStates loaded={codes} label="Promotion codes">
        {(data) =>
          data.codes.length === 0 ? (
            <p className="adm-empty">No promotion codes yet.</p>
          ) : (
            <ul className="adm-list" aria-label="Promotion codes">
              {data.codes.map((code) => (
                <li key={code.id}>
                  <strong>{code.code}</strong> <Badge variant={code.active ? 'success' : 'neutral'}>{code.active ? 'Active' : 'Inactive'}</Badge>
                  <p>
                    {discountText(code)} · redeemed {code.timesRedeemed}
                    {code.maxRedemptions !== null ? ` of ${code.maxRedemptions}` : ''} times
                    {code.expiresAt ? ` · expires ${code.expiresAt.slice(0, 10)}` : ''}
                  </p>
                  <Button variant="secondary" onClick={() => void toggle(code)}>
                    {code.active ? `Deactivate ${code.code}` : `Activate ${code.code}`}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </section>
  );
}
