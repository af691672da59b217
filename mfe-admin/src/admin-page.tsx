import { Container, LinkButton } from '@agentdock/ui';

/** The console needs an admin session, which arrives with identity; until then nobody is an admin. */
export default function AdminPage() {
  return (
    <Container className="ad-section">
      <div className="ad-error-state" role="alert">
        <h1>Access Denied</h1>
        <p>Access denied. Admin privileges required.</p>
        <LinkButton to="/" variant="secondary">
          Go to the home page
        </LinkButton>
      </div>
    </Container>
  );
}
