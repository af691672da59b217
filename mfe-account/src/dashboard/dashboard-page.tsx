import './dashboard.css';
import { Card, Container, PageHeader } from '@agentdock/ui';
import { RequireSession } from '../sign-in-prompt';
import { ProfileForm } from './profile-form';

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Container className="ad-section ad-section--flush-top">
        <RequireSession message="Please sign in to access your dashboard">
          {(user) => (
            <div className="acc-dashboard">
              <Card>
                <h2>Welcome back, {user.fullName ?? user.email}</h2>
              </Card>
              <ProfileForm user={user} />
            </div>
          )}
        </RequireSession>
      </Container>
    </>
  );
}
