import { useSession } from '@agentdock/session';
import { Container, LoadingBlock, PageHeader, useDocumentTitle } from '@agentdock/ui';
import { QueryProvider } from '@agentdock/ui/query';
import { ChatWindow } from './chat-window';
import { MembershipOverlay } from './membership-overlay';
import './chat.css';

/** Chat needs a membership: visitors see the plans and a way to sign in over a locked chat; members get the full-height chat. */
export default function ChatPage() {
  useDocumentTitle('Chat with Your AI Agent');
  const { status, user } = useSession();
  if (user) {
    return (
      <>
        <h1 className="ad-visually-hidden">Chat with Your AI Agent</h1>
        {/* Keyed by the account: another account signing in in this tab starts with an empty cache. */}
        <QueryProvider key={user.id}>
          <ChatWindow />
        </QueryProvider>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Chat with Your AI Agent" lead="Pick an agent and talk through your meetings, ideas and plans. Every message uses credits from your plan." />
      <Container className="ad-section ad-section--flush-top">{status === 'loading' ? <LoadingBlock label="Loading your account…" /> : <MembershipOverlay />}</Container>
    </>
  );
}
