import { Spinner } from '@agentdock/ui';
import { AuthCard } from './auth-card';

export default function AuthCallbackPage() {
  return (
    <AuthCard title="Completing Authentication" lead="Please wait while we complete your sign in...">
      <Spinner label="Signing you in…" />
    </AuthCard>
  );
}
