import { useNavigate } from 'react-router-dom';
import { Button } from '@agentdock/ui';

export function SignOutButton({ signOut }: { signOut: () => Promise<void> }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        await signOut();
        navigate('/signin');
      }}
    >
      Sign Out
    </Button>
  );
}
