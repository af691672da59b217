import { useSession } from '@agentdock/session';
import { Container, LoadingBlock, PageHeader, useDocumentTitle } from '@agentdock/ui';
import { ChatWindow } from './chat-window';
import { MembershipOverlay } from './membership-overlay';
import './chat.css';

export default function ChatPage() {
  useDocumentTitle('Chat with Your AI Agent');
  return (
    <>
      <PageHeader title="Chat with Your AI Agent" lead="Pick an agent and talk through your meetings, ideas and plans. Every message uses credits from your plan." />
      <Container className="ad-section ad-section--flush-top">
        <ChatAccess />
      </Container>
    </>
  );
}

/** Chat needs a membership: visitors see the plans and a way to sign in over a locked chat. */
function ChatAccess() {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingBlock label="Loading your account…" />;
  if (!user) return <MembershipOverlay />;
  return <ChatWindow />;
}
