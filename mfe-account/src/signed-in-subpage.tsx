import type { ComponentProps } from 'react';
import { Container, LinkButton, PageHeader } from '@agentdock/ui';
import { RequireSession } from './sign-in-prompt';

interface SignedInSubpageProps {
  title: string;
  lead: string;
  /** The class of the header's action row, for the page's own layout of it. */
  actionsClassName: string;
  signInMessage: string;
  returnUrl: string;
  children: ComponentProps<typeof RequireSession>['children'];
}

/** A dashboard sub-page: its header with the way back to the dashboard, and its body once signed in. */
export function SignedInSubpage({ title, lead, actionsClassName, signInMessage, returnUrl, children }: SignedInSubpageProps) {
  return (
    <>
      <PageHeader title={title} lead={lead}>
        <div className={`ad-row ${actionsClassName}`}>
          <LinkButton to="/dashboard" variant="secondary">
            Back to Dashboard
          </LinkButton>
        </div>
      </PageHeader>
      <Container className="ad-section ad-section--flush-top">
        <RequireSession message={signInMessage} returnUrl={returnUrl}>
          {children}
        </RequireSession>
      </Container>
    </>
  );
}
