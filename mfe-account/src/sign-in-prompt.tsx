import { Card, LinkButton } from '@agentdock/ui';

/** What a signed-out visitor sees on a page that needs an account. */
export function SignInPrompt({ message, returnUrl }: { message: string; returnUrl?: string }) {
  const to = returnUrl ? `/signin?returnUrl=${encodeURIComponent(returnUrl)}` : '/signin';
  return (
    <Card>
      <p>{message}</p>
      <div>
        <LinkButton to={to}>Sign In</LinkButton>
      </div>
    </Card>
  );
}
