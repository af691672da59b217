import { Container, LinkButton, useDocumentTitle } from '@agentdock/ui';

export function NotFound() {
  useDocumentTitle('Page not found', 'The page you are looking for does not exist or has moved.');
  return (
    <Container className="shell-not-found">
      <p className="ad-eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="ad-lead">The page you are looking for does not exist or has moved.</p>
      <LinkButton to="/">Go to the home page</LinkButton>
    </Container>
  );
}
