import { type CustomerBilling as BillingAnswer, SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Link } from 'react-router-dom';
import { Badge, formatPrice } from '@agentdock/ui';
import { formatDateTime } from '../../console/format';
import { LoadStates } from '../../console/load-states';
import { useCustomerBilling } from './use-customer';

const PAYMENT_KINDS: Record<BillingAnswer['payments'][number]['kind'], string> = { plan: 'Plan', course: 'Course', 'credit-pack': 'Credit pack', refund: 'Refund' };

const externalLink = (href: string, label: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {label}
  </a>
);

export function CustomerBilling({ userId }: { userId: string }) {
  const billing = useCustomerBilling(userId);
  return (
    <div className="adm-breakdown">
      <h3>Subscriptions and payments</h3>
      <LoadStates loaded={billing} label="Billing">
        {(data) => (
          <>
            {data.dashboardUrl && <p>{externalLink(data.dashboardUrl, 'Open in the payment provider’s dashboard')}</p>}
            {data.subscriptions.length === 0 ? (
              <p className="adm-empty">No subscriptions.</p>
            ) : (
              <ul className="adm-list" aria-label="Subscriptions">
                {data.subscriptions.map((subscription) => (
                  <li key={subscription.id} className="adm-list__row">
                    <span>
                      {subscription.team && (
                        <>
                          <Link to={{ search: `?tab=organisations&organisation=${subscription.team.organisationId}` }}>Team subscription</Link>
                          {` (${subscription.team.seats} ${subscription.team.seats === 1 ? 'seat' : 'seats'}, bought for the team by this customer): `}
                        </>
                      )}
                      {`${subscription.kind === 'plan' ? (SUBSCRIPTION_TIER_LABELS[subscription.product as keyof typeof SUBSCRIPTION_TIER_LABELS] ?? subscription.product) : `Course ${subscription.product}`}, ${formatPrice(subscription.unitAmount, subscription.currency)} per ${subscription.team ? 'seat per ' : ''}${subscription.interval} `}
                      <Badge variant={subscription.status === 'active' ? 'success' : subscription.status === 'past_due' ? 'warning' : 'neutral'}>{subscription.status}</Badge>
                      {subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd ? ` Cancels on ${formatDateTime(subscription.currentPeriodEnd)}` : ''}
                    </span>
                    {externalLink(subscription.dashboardUrl, 'Dashboard')}
                  </li>
                ))}
              </ul>
            )}
            {data.payments.length === 0 ? (
              <p className="adm-empty">No payments.</p>
            ) : (
              <div className="adm-table-scroll" role="region" aria-label="Payments" tabIndex={0}>
                <table className="adm-table" data-testid="customer-payments">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">What</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Provider</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.payments.map((payment) => (
                      <tr key={payment.id}>
                        <td>{formatDateTime(payment.paidAt)}</td>
                        <td>{PAYMENT_KINDS[payment.kind]}</td>
                        <td>{formatPrice(payment.amount, payment.currency)}</td>
                        <td>{payment.dashboardUrl ? externalLink(payment.dashboardUrl, payment.id) : payment.id}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}
