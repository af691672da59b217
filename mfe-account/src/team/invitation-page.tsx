import './team.css';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isAbortError } from '@agentdock/api-client';
import { type InvitationPreview, SIGN_IN_PATH, TEAM_INVITATION_PATH, TEAM_PATH } from '@agentdock/contracts';
import { useSession, useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Container, describeFailure, ErrorState, hrefWithReturnUrl, LinkButton, LoadingBlock, PageHeader } from '@agentdock/ui';
import { ROLE_LABELS, teamApi } from './team-api';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; invitation: InvitationPreview };

/** Why an invitation that is not pending cannot be accepted, in words a person can act on. */
export const CLOSED_INVITATION: Record<Exclude<InvitationPreview['status'], 'pending'>, string> = {
  accepted: 'This invitation has already been accepted.',
  expired: 'This invitation has expired. Ask the team for a new one.',
  revoked: 'This invitation was withdrawn. Ask the team for a new one.',
};

function Invitation({ token }: { token: string }) {
  const client = useSessionClient();
  const api = useMemo(() => teamApi(client), [client]);
  const { status, user } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.preview(token, { signal: controller.signal }).then(
      (invitation) => setLoaded({ state: 'loaded', invitation }),
      (failure: unknown) => {
        if (!isAbortError(failure)) setLoaded({ state: 'failed', message: describeFailure(failure).message });
      },
    );
    return () => controller.abort();
  }, [api, token]);

  if (loaded.state === 'loading' || status === 'loading') return <LoadingBlock label="Loading the invitation…" />;
  if (loaded.state === 'failed') return <ErrorState title="This invitation cannot be opened" message={loaded.message} />;
  const { invitation } = loaded;
  const here = `${TEAM_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
  const accept = async () => {
    setAccepting(true);
    setError(null);
    try {
      await api.accept(token);
      navigate(TEAM_PATH);
    } catch (failure) {
      setError(describeFailure(failure).message);
      setAccepting(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="acc-invite-title" className="acc-team__card">
      <h2 id="acc-invite-title" className="acc-card__title">
        Join {invitation.organisationName}
      </h2>
      <p>
        {invitation.invitedBy ? `${invitation.invitedBy} invited ` : 'You are invited: '}
        <strong>{invitation.email}</strong> to join the team as {ROLE_LABELS[invitation.role].toLowerCase()}.
      </p>
      {invitation.status !== 'pending' ? (
        <Alert variant="error">{CLOSED_INVITATION[invitation.status]}</Alert>
      ) : !user ? (
        <>
          <p>Sign in with that address to accept, or create an account with it: after you confirm the address you come back here to join.</p>
          <div className="ad-row acc-team__actions">
            <LinkButton to={hrefWithReturnUrl(SIGN_IN_PATH, here)}>Sign In to Accept</LinkButton>
            <LinkButton to={hrefWithReturnUrl('/signup', here)} variant="secondary">
              Create an Account
            </LinkButton>
          </div>
        </>
      ) : user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
        <Alert variant="error">
          You are signed in as {user.email}, but this invitation was sent to {invitation.email}. Sign out, then sign in with the account of that address to accept it.
        </Alert>
      ) : (
        <>
          {error && <Alert variant="error">{error}</Alert>}
          <div>
            <Button onClick={() => void accept()} disabled={accepting}>
              {accepting ? 'Joining…' : 'Accept Invitation'}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** Where an emailed invitation's link lands, on any device: what it invites to, and accepting it. */
export default function TeamInvitationPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  return (
    <>
      <PageHeader title="Team Invitation" lead="Join a team on Agentdock." />
      <Container className="ad-section ad-section--flush-top">
        {token ? (
          <Invitation token={token} />
        ) : (
          <ErrorState title="This invitation cannot be opened" message="The link has no invitation in it. Open the link from the email again." />
        )}
      </Container>
    </>
  );
}
