import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionClient } from '@agentdock/session';
import { Button } from '@agentdock/ui';

export function SignOutButton() {
  const client = useSessionClient();
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
        await client.signOut();
        navigate('/signin');
      }}
    >
      {pending ? 'Signing out…' : 'Sign Out'}
    </Button>
  );
}
