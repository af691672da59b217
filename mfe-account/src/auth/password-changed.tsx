import { LinkButton } from '@agentdock/ui';
import { ViewSection } from './view-section';

/** Said once the new password is saved, instead of moving on silently. */
export function PasswordChanged({ next }: { next: string }) {
  return (
    <ViewSection title="Password changed" lead="Your password has been changed. Any other devices signed in to your account have been signed out.">
      <div>
        <LinkButton to={next}>Continue</LinkButton>
      </div>
    </ViewSection>
  );
}
