import { SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Card, Container, LinkButton, PageHeader, SITE } from '@agentdock/ui';
import { RequireSession } from '../sign-in-prompt';

/**
 * Subscriptions come from the card payment provider through the billing service. Until that is
 * connected a signed-in customer sees their plan and how to change it, not an empty list that
 * would suggest they have no plan.
 */
export default function ManageSubscriptionPage() {
  return (
    <>
      <PageHeader title="Manage Subscription" lead="Your subscriptions, billing periods and invoices." />
      <Container className="ad-section ad-section--flush-top">
        <RequireSession message="Please sign in to manage your subscription." returnUrl="/manage-subscription">
          {(user) => (
            <Card>
              <p>
                Your plan: <strong>{SUBSCRIPTION_TIER_LABELS[user.subscriptionTier]}</strong>
              </p>
              <p>
                Card billing is not connected yet. To start, change or cancel a paid plan, write to{' '}
                <a href={`mailto:${SITE.salesEmail}`}>{SITE.salesEmail}</a>.
              </p>
              <div>
                <LinkButton to="/pricing">View Plans</LinkButton>
              </div>
            </Card>
          )}
        </RequireSession>
      </Container>
    </>
  );
}
