import { SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { useSession } from '@agentdock/session';
import { Card, Container, LinkButton, LoadingBlock, PageHeader } from '@agentdock/ui';

export default function ChatPage() {
  return (
    <>
      <PageHeader
        title="Chat with Your AI Agent"
        lead="Pick an agent and talk through your meetings, ideas and plans. Every message uses credits from your plan."
      />
      <Container className="ad-section ad-section--flush-top">
        <ChatAccess />
      </Container>
    </>
  );
}

/** Until the chat itself is built, a signed-in visitor is told so plainly rather than asked to sign in. */
function ChatAccess() {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingBlock label="Loading your account…" />;
  if (!user) {
    return (
      <Card>
        <p>Please sign in to chat with your AI agents.</p>
        <div className="ad-row">
          <LinkButton to={`/signin?returnUrl=${encodeURIComponent('/chat')}`}>Sign In</LinkButton>
          <LinkButton to="/pricing" variant="secondary">
            View Plans
          </LinkButton>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <p>The agent chat is not open yet. Meanwhile, see which agents your {SUBSCRIPTION_TIER_LABELS[user.subscriptionTier]} plan includes.</p>
      <div className="ad-row">
        <LinkButton to="/models">Our AI Agents</LinkButton>
      </div>
    </Card>
  );
}
