import { Button, TierBadge } from '@agentdock/ui';
import { formatDateTime } from '../console/format';
import { LoadStates } from '../console/load-states';
import { CustomerAudit } from './customer/customer-audit';
import { CustomerBilling } from './customer/customer-billing';
import { CustomerCourses } from './customer/customer-courses';
import { CustomerCredits } from './customer/customer-credits';
import { CustomerSecurity } from './customer/customer-security';
import { useCustomerProfile } from './customer/use-customer';

export { RESET_MFA_CONFIRMATION } from './customer/customer-security';

/**
 * One customer in full: profile, sign-ins and two-factor status (identity), subscriptions and
 * payments (billing), credits (chat), courses (catalog) and what admins did about them (every
 * service's audit).
 */
export function CustomerPage({ userId, onBack }: { userId: string; onBack: () => void }) {
  const profile = useCustomerProfile(userId);
  return (
    <section className="adm-tab" aria-labelledby="adm-customer-title">
      <div className="adm-tab__head">
        <h2 id="adm-customer-title">Customer</h2>
        <Button variant="secondary" onClick={onBack}>
          Back to users
        </Button>
      </div>
      <LoadStates loaded={profile} label="Customer">
        {(user) =>
          user === null ? (
            <p className="adm-empty">No user with this id.</p>
          ) : (
            <>
              <dl className="adm-facts" data-testid="customer-profile">
                <dt>Name</dt>
                <dd>{user.fullName ?? 'No name'}</dd>
                <dt>Email</dt>
                <dd>{user.email}</dd>
                <dt>Plan</dt>
                <dd>
                  <TierBadge tier={user.subscriptionTier} />
                </dd>
                <dt>Status</dt>
                <dd>{user.isSuspended ? 'Suspended' : 'Active'}</dd>
                <dt>Signed up</dt>
                <dd>{formatDateTime(user.createdAt)}</dd>
                <dt>Email confirmed</dt>
                <dd>{user.emailConfirmedAt ? formatDateTime(user.emailConfirmedAt) : 'Not yet'}</dd>
              </dl>
              <CustomerSecurity userId={userId} />
              <CustomerBilling userId={userId} />
              <CustomerCredits userId={userId} />
              <CustomerCourses userId={userId} />
              <CustomerAudit userId={userId} />
            </>
          )
        }
      </LoadStates>
    </section>
  );
}
