import { Container, PageHeader } from '@agentdock/ui';
import { SignInPrompt } from '../sign-in-prompt';

export default function ManageSubscriptionPage() {
  return (
    <>
      <PageHeader title="Manage Subscription" lead="Your subscriptions, billing periods and invoices." />
      <Container className="ad-section ad-section--flush-top">
        <SignInPrompt message="Please sign in to manage your subscription." returnUrl="/manage-subscription" />
      </Container>
    </>
  );
}
