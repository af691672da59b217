import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Button } from '@agentdock/ui';

export function SignOutButton() {
  const loadClient = useSessionClientLoader();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        // signOut always ends the session in this browser, even when the server cannot be reached.
        await (await loadClient()).signOut();
        navigate('/signin');
      }}
    >
      {pending ? 'Signing out…' : 'Sign Out'}
    </Button>
  );
}
