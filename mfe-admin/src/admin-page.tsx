import { ADMIN_REQUIRED } from '@agentdock/contracts';
import { useSession } from '@agentdock/session';
import { Container, LinkButton, LoadingBlock, PageHeader, signInHref } from '@agentdock/ui';
import { QueryProvider } from '@agentdock/ui/query';
import { AdminConsole } from './console/admin-console';
import './admin.css';

/**
 * The admin console's gate. The flag comes from the verified session, and every admin endpoint
 * checks it again on the server; this page only decides what to show.
 */
export default function AdminPage() {
  const { status, user } = useSession();
  if (status === 'loading') {
    return (
      <Container className="ad-section">
        <LoadingBlock label="Checking your access…" />
      </Container>
    );
  }
  if (!user?.isAdmin) return <AccessDenied signedIn={Boolean(user)} />;
  return (
    <>
      <PageHeader title="Admin Dashboard" eyebrow="Admin Access" lead={`Signed in as ${user.email}.`} />
      <Container className="ad-section ad-section--flush-top">
        {/* Keyed by the admin: another account signing in in this tab starts with an empty cache. */}
        <QueryProvider key={user.id}>
          <AdminConsole />
        </QueryProvider>
      </Container>
    </>
  );
}

/** A signed-out visitor may be an admin who has not signed in yet: offer the way back here. */
function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <Container className="ad-section">
      <div className="ad-error-state" role="alert">
        <h1>Access Denied</h1>
        <p>{ADMIN_REQUIRED.message}</p>
        {!signedIn && <LinkButton to={signInHref('/admin')}>Sign In</LinkButton>}
        <LinkButton to="/" variant="secondary">
          Go to the home page
        </LinkButton>
      </div>
    </Container>
  );
}
