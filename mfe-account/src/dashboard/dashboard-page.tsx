import { Card, Container, PageHeader } from '@agentdock/ui';
import { RequireSession } from '../sign-in-prompt';

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Container className="ad-section ad-section--flush-top">
        <RequireSession message="Please sign in to access your dashboard">
          {(user) => (
            <Card>
              <h2>Welcome back, {user.fullName ?? user.email}</h2>
            </Card>
          )}
        </RequireSession>
      </Container>
    </>
  );
}
