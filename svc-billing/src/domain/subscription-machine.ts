/**
 * The subscription state machine behind the payment webhooks, as a pure function so every event
 * order can be tested. Webhooks arrive late, twice or out of order, so each one is reduced to a
 * snapshot of the provider's subscription and compared with what is stored: effects (platform
 * events) follow from the difference between the two states, never from the event type alone.
 * That is why a `customer.subscription.updated` seen before `checkout.session.completed`
 * converges to the same state, and why a replayed event has no second effect.
 */
import type { TrialFacts } from './trial-facts';

export const PROVIDER_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export const isProviderStatus = (status: string): status is ProviderStatus => (PROVIDER_STATUSES as readonly string[]).includes(status);

/** What the provider says about one subscription at one moment. */
export interface SubscriptionSnapshot {
  id: string;
  userId: string;
  /** A plan's tier, from the price the customer pays; or a course, from the checkout's metadata. */
  product: { kind: 'plan'; tier: 'starter' | 'professional' } | { kind: 'course'; courseId: string };
  status: ProviderStatus;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** Epoch seconds of the provider event carrying this snapshot: older snapshots are ignored. */
  observedAt: number;
  /** A team's subscription: the organisation it pays for and its seats (the item's quantity); null for a person's. */
  team: { organisationId: string; seats: number } | null;
  /** While trialing: when the trial ends and what happens then; null otherwise. */
  trial: TrialFacts | null;
}

export interface StoredSubscription extends SubscriptionSnapshot {
  /** Whether access was granted (and not yet taken back). */
  granted: boolean;
  /** Set while past_due: when access ends unless the invoice is paid (epoch seconds). */
  graceEndsAt: number | null;
}

export type Effect =
  | { type: 'activated' }
  | { type: 'renewed' }
  | { type: 'plan-changed'; previousTier: 'starter' | 'professional' }
  | { type: 'past-due'; graceEndsAt: number }
  | { type: 'canceled'; reason: 'canceled' | 'unpaid' }
  | { type: 'course-granted' }
  | { type: 'course-revoked' };

export interface Transition {
  next: StoredSubscription;
  effects: Effect[];
}

const ACCESS_STATUSES: ReadonlySet<ProviderStatus> = new Set(['active', 'trialing', 'past_due']);
const ENDED_STATUSES: ReadonlySet<ProviderStatus> = new Set(['canceled', 'unpaid', 'incomplete_expired']);

export const DEFAULT_GRACE_DAYS = 7;
const DAY = 86_400;

function grantEffect(snapshot: SubscriptionSnapshot): Effect {
  return snapshot.product.kind === 'plan' ? { type: 'activated' } : { type: 'course-granted' };
}

function revokeEffect(snapshot: SubscriptionSnapshot, reason: 'canceled' | 'unpaid'): Effect {
  return snapshot.product.kind === 'plan' ? { type: 'canceled', reason } : { type: 'course-revoked' };
}

/**
 * Reduces one provider snapshot onto the stored state. `now` is the provider's clock (test clocks
 * move it), in epoch seconds.
 */
export function applySnapshot(stored: StoredSubscription | null, snapshot: SubscriptionSnapshot, now: number, graceDays: number = DEFAULT_GRACE_DAYS): Transition {
  if (stored && snapshot.observedAt < stored.observedAt) {
    return { next: stored, effects: [] };
  }
  const effects: Effect[] = [];
  const wasGranted = stored?.granted ?? false;
  let granted = wasGranted;
  let graceEndsAt = stored?.graceEndsAt ?? null;

  if (ENDED_STATUSES.has(snapshot.status)) {
    if (wasGranted) effects.push(revokeEffect(snapshot, stored?.status === 'past_due' || snapshot.status === 'unpaid' ? 'unpaid' : 'canceled'));
    granted = false;
    graceEndsAt = null;
  } else if (ACCESS_STATUSES.has(snapshot.status)) {
    if (!wasGranted && snapshot.status !== 'past_due') {
      effects.push(grantEffect(snapshot));
      granted = true;
    } else if (wasGranted && stored) {
      const periodChanged = snapshot.currentPeriodStart !== stored.currentPeriodStart || snapshot.currentPeriodEnd !== stored.currentPeriodEnd;
      // A renewal starts where the paid period ended. A period that changed otherwise was
      // restarted by a change of price (monthly ↔ annual, which the provider bills from now): a
      // plan change, which must never count as a renewal and refill the month.
      const renewal = snapshot.currentPeriodStart > stored.currentPeriodStart && snapshot.currentPeriodStart >= stored.currentPeriodEnd;
      if (snapshot.product.kind === 'plan' && stored.product.kind === 'plan' && (snapshot.product.tier !== stored.product.tier || (periodChanged && !renewal))) {
        effects.push({ type: 'plan-changed', previousTier: stored.product.tier });
      }
      if (renewal && snapshot.status === 'active' && snapshot.product.kind === 'plan') {
        effects.push({ type: 'renewed' });
      }
    }
    if (snapshot.status === 'past_due' && granted) {
      if (graceEndsAt === null) {
        graceEndsAt = now + graceDays * DAY;
        effects.push({ type: 'past-due', graceEndsAt });
      }
    } else {
      graceEndsAt = null;
    }
  }
  return { next: { ...snapshot, granted, graceEndsAt }, effects };
}
