import { lazy, Suspense } from 'react';
import { COMMUNITY_COURSE_ID, type CommunityOffer } from '@agentdock/contracts';
import { Alert, Button, Card, formatPrice, Spinner } from '@agentdock/ui';
import { loadMemberApi } from '../api/load-member-api';
import { useVisitor } from '../api/visitor';
import { useResource } from '../shared/use-resource';
import { ACCESS_DELAYED_TEXT, ACCESS_PENDING_TEXT, checkAccess, PAYMENT_CANCELLED_TEXT, useCourseCheckout, useCoursePaymentReturn } from './course-checkout';

// Only a member sees the invite (never an anonymous first view): its code loads when shown.
const JoinCommunity = lazy(() => import('./community-join').then((module) => ({ default: module.JoinCommunity })));

/** The $50/month community course: what you learn, and the subscribe box that reveals the invite. */
export function CommunityOfferSection({ offer }: { offer: CommunityOffer }) {
  return (
    <section className="mk-offer" aria-labelledby="offer-title">
      <div>
        <h2 id="offer-title">What you'll learn</h2>
        <ul className="ad-plain-list mk-learnings">
          {offer.learnings.map((learning) => (
            <li key={learning}>
              <span className="mk-learnings__check" aria-hidden="true">
                ✓
              </span>
              {learning}
            </li>
          ))}
        </ul>
      </div>
      <SubscribeBox offer={offer} />
    </section>
  );
}

/** Statuses in which a community subscription still grants the invite. */
const MEMBER_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Whether the signed-in visitor holds a live community subscription (billing lists it). */
async function isCommunityMember(signal: AbortSignal): Promise<boolean> {
  const subscriptions = await (await loadMemberApi()).subscriptions({ signal });
  return subscriptions.some((sub) => sub.kind === 'course' && sub.courseId === COMMUNITY_COURSE_ID && MEMBER_STATUSES.has(sub.status));
}

type Membership = 'loading' | 'signed-out' | 'member' | 'not-member' | 'unknown';

function useMembership(awaitAccess: boolean): Membership {
  const visitor = useVisitor();
  const userId = visitor.status === 'signed-in' ? visitor.user.id : null;
  const [state] = useResource(`community membership ${userId ?? visitor.status}`, (signal) =>
    userId ? checkAccess(isCommunityMember, signal, awaitAccess) : Promise.resolve(false),
  );
  if (visitor.status === 'loading') return 'loading';
  if (visitor.status === 'signed-out') return 'signed-out';
  if (state.status === 'loading') return 'loading';
  if (state.status === 'failed') return 'unknown';
  return state.data ? 'member' : 'not-member';
}

/**
 * A member sees the join text and the invite straight away; anyone else subscribes first (a
 * visitor signs in on the way), so the invite is what a paid subscription unlocks.
 */
function SubscribeBox({ offer }: { offer: CommunityOffer }) {
  const paymentReturn = useCoursePaymentReturn();
  const membership = useMembership(paymentReturn === 'success');
  const checkout = useCourseCheckout(COMMUNITY_COURSE_ID, '/courses');
  const busy = membership === 'loading' || checkout.state.step === 'redirecting';
  return (
    <Card highlight className="mk-subscribe" aria-labelledby="subscribe-title" aria-busy={membership === 'loading'}>
      <h3 id="subscribe-title">{offer.title}</h3>
      <p className="mk-subscribe__price">
        <span className="mk-subscribe__amount">{formatPrice(offer.priceMinor, offer.currency)}</span> per month
      </p>
      <p className="ad-muted">Cancel anytime.</p>
      {membership === 'member' ? (
        <Suspense fallback={<Spinner label="Loading your invite…" />}>
          <JoinCommunity inviteUrl={offer.inviteUrl} focus={paymentReturn === 'success'} />
        </Suspense>
      ) : paymentReturn === 'success' && membership === 'loading' ? (
        <p role="status">{ACCESS_PENDING_TEXT}</p>
      ) : (
        <>
          {paymentReturn === 'success' && membership === 'not-member' && <Alert variant="info">{ACCESS_DELAYED_TEXT}</Alert>}
          {paymentReturn === 'cancelled' && <Alert variant="info">{PAYMENT_CANCELLED_TEXT}</Alert>}
          {membership === 'unknown' && <Alert variant="info">We could not check your membership just now. Reload the page to try again.</Alert>}
          {checkout.state.step === 'failed' && <Alert variant="error">{checkout.state.message}</Alert>}
          <Button size="lg" block onClick={() => void checkout.start()} disabled={busy} aria-busy={busy}>
            Subscribe &amp; Get Discord Access
          </Button>
        </>
      )}
    </Card>
  );
}

/** How many people are in the community now; nothing at all until someone is (no invented figure). */
export function CommunityStats({ members }: { members: number }) {
  if (members === 0) return null;
  return (
    <dl className="mk-stats">
      <div className="mk-stats__item">
        <dt>Members</dt>
        <dd>{members.toLocaleString('en-US')}</dd>
      </div>
    </dl>
  );
}
