import type { ReactNode } from 'react';
import { useSession, type UserProfile } from '@agentdock/session';
import { Card, LinkButton, LoadingBlock, signInHref } from '@agentdock/ui';

/** What a signed-out visitor sees on a page that needs an account. */
export function SignInPrompt({ message, returnUrl }: { message: string; returnUrl?: string }) {
  return (
    <Card>
      <p>{message}</p>
      <div>
        <LinkButton to={signInHref(returnUrl)}>Sign In</LinkButton>
      </div>
    </Card>
  );
}

interface RequireSessionProps {
  /** Shown with a Sign In link to a signed-out visitor. */
  message: string;
  returnUrl?: string;
  children: (user: UserProfile) => ReactNode;
}

/** Renders `children` for the signed-in user; a loading state during the first session check; else the prompt. */
export function RequireSession({ message, returnUrl, children }: RequireSessionProps) {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingBlock label="Loading your account…" />;
  if (!user) return <SignInPrompt message={message} returnUrl={returnUrl} />;
  return children(user);
}
