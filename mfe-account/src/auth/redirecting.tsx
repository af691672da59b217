import { Navigate } from 'react-router-dom';
import { Spinner } from '@agentdock/ui';

/** 'Redirecting...' while the router moves on to `to` (replacing the auth page in history). */
export function Redirecting({ to }: { to: string }) {
  return (
    <>
      <Spinner label="Redirecting..." />
      <Navigate to={to} replace />
    </>
  );
}
