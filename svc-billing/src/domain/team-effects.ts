import {
  seatsChangedV1,
  TEAM_SUBSCRIPTION_STATUSES,
  teamSubscriptionActivatedV1,
  teamSubscriptionCanceledV1,
  teamSubscriptionPlanChangedV1,
  teamSubscriptionRenewedV1,
} from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type { BillingSchema } from '../db/schema';
import { isoOfEpochSeconds } from './epoch-seconds';
import type { StoredSubscription, Transition } from './subscription-machine';

type SeatStatus = (typeof TEAM_SUBSCRIPTION_STATUSES)[number];
type Team = NonNullable<StoredSubscription['team']>;

/** The seats a state holds and where its subscription stands, as `billing.seats.changed` tells identity. */
export function seatsHeld(state: StoredSubscription | null): { seats: number; status: SeatStatus } {
  if (!state?.team) return { seats: 0, status: 'none' };
  if (state.granted) return { seats: state.team.seats, status: state.status === 'trialing' || state.status === 'past_due' ? state.status : 'active' };
  return { seats: 0, status: state.status === 'canceled' || state.status === 'unpaid' || state.status === 'incomplete_expired' ? 'canceled' : 'none' };
}

/**
 * The platform events of a team subscription's transition: the subscription's own (which fill and
 * empty the team's credit pool) and `billing.seats.changed` whenever the seats held or the status
 * moved. The member who paid keeps their personal tier: none of a person's events go out.
 */
export async function publishTeamEffects(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  stored: StoredSubscription | null,
  { next, effects }: Transition,
  team: Team,
  billingPeriod: 'monthly' | 'annual',
): Promise<void> {
  if (next.product.kind !== 'plan') return;
  const { tier } = next.product;
  const base = { organisationId: team.organisationId, subscriptionId: next.id, tier };
  const facts = {
    ...base,
    seats: Math.max(team.seats, 1),
    billingPeriod,
    periodStart: isoOfEpochSeconds(next.currentPeriodStart),
    periodEnd: isoOfEpochSeconds(next.currentPeriodEnd),
  };
  for (const effect of effects) {
    if (effect.type === 'activated') await context.enqueue(tx, teamSubscriptionActivatedV1, facts);
    else if (effect.type === 'renewed') await context.enqueue(tx, teamSubscriptionRenewedV1, facts);
    else if (effect.type === 'plan-changed') await context.enqueue(tx, teamSubscriptionPlanChangedV1, { ...facts, previousTier: effect.previousTier });
    else if (effect.type === 'canceled') await context.enqueue(tx, teamSubscriptionCanceledV1, { ...base, reason: effect.reason, endedAt: isoOfEpochSeconds(next.observedAt) });
    // past-due: the seats event below carries the status; course effects are never made for plans.
  }
  const before = seatsHeld(stored);
  const after = seatsHeld(next);
  if (before.seats === after.seats && before.status === after.status) return;
  await context.enqueue(tx, seatsChangedV1, {
    organisationId: team.organisationId,
    subscriptionId: next.id,
    tier: after.seats > 0 ? tier : null,
    seats: after.seats,
    previousSeats: before.seats,
    subscriptionStatus: after.status,
  });
}
