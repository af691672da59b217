import { Container, PageHeader } from '@agentdock/ui';
import { SignInPrompt } from '../sign-in-prompt';

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Container className="ad-section ad-section--flush-top">
        <SignInPrompt message="Please sign in to access your dashboard" />
      </Container>
    </>
  );
}
