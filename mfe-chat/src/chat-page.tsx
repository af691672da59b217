import { Card, Container, LinkButton, PageHeader } from '@agentdock/ui';

export default function ChatPage() {
  return (
    <>
      <PageHeader
        title="Chat with Your AI Agent"
        lead="Pick an agent and talk through your meetings, ideas and plans. Every message uses credits from your plan."
      />
      <Container className="ad-section ad-section--flush-top">
        <Card>
          <p>Please sign in to chat with your AI agents.</p>
          <div className="ad-row">
            <LinkButton to={`/signin?returnUrl=${encodeURIComponent('/chat')}`}>Sign In</LinkButton>
            <LinkButton to="/pricing" variant="secondary">
              View Plans
            </LinkButton>
          </div>
        </Card>
      </Container>
    </>
  );
}
