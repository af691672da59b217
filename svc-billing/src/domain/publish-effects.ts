import {
  courseAccessGrantedV1,
  courseAccessRevokedV1,
  MANAGE_SUBSCRIPTION_PATH,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPastDueV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
} from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type { BillingSchema } from '../db/schema';
import { isoOfEpochSeconds } from './epoch-seconds';
import type { Effect, StoredSubscription, Transition } from './subscription-machine';

type BillingPeriod = 'monthly' | 'annual';
type Product<Kind extends StoredSubscription['product']['kind']> = Extract<StoredSubscription['product'], { kind: Kind }>;

// Each switch below ends in a `never` check, so a new Effect type stops type-checking here until
// it is given its platform event (or an explicit "none"), instead of being dropped silently.
const unhandled = (effect: never): never => {
  throw new Error(`No platform event is defined for the subscription effect ${JSON.stringify(effect)}`);
};

/** Writes the platform events that follow from one transition to the outbox. */
export async function publishEffects(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  deps: { appUrl: string },
  { next, effects }: Transition,
  billingPeriod: BillingPeriod,
): Promise<void> {
  const { product } = next;
  for (const effect of effects) {
    if (product.kind === 'course') await publishCourseEffect(context, tx, next, product, effect);
    else await publishPlanEffect(context, tx, deps, next, product, effect, billingPeriod);
  }
}

async function publishCourseEffect(context: ServiceContext<BillingSchema>, tx: Tx, state: StoredSubscription, product: Product<'course'>, effect: Effect): Promise<void> {
  const access = { userId: state.userId, subscriptionId: state.id, courseId: product.courseId };
  switch (effect.type) {
    case 'course-granted':
      await context.enqueue(tx, courseAccessGrantedV1, access);
      return;
    case 'course-revoked':
      await context.enqueue(tx, courseAccessRevokedV1, access);
      return;
    // The past-due event (and identity's email for it) names a plan's tier: a course's failed
    // payment announces nothing, and its access ends with course-revoked if the provider ends it.
    // The machine makes the other effects for plans only.
    case 'past-due':
    case 'activated':
    case 'renewed':
    case 'plan-changed':
    case 'canceled':
      return;
    default:
      return unhandled(effect);
  }
}

async function publishPlanEffect(
  context: ServiceContext<BillingSchema>,
  tx: Tx,
  deps: { appUrl: string },
  state: StoredSubscription,
  product: Product<'plan'>,
  effect: Effect,
  billingPeriod: BillingPeriod,
): Promise<void> {
  const base = { userId: state.userId, subscriptionId: state.id, tier: product.tier };
  const facts = { ...base, billingPeriod, periodStart: isoOfEpochSeconds(state.currentPeriodStart), periodEnd: isoOfEpochSeconds(state.currentPeriodEnd) };
  switch (effect.type) {
    case 'activated':
      await context.enqueue(tx, subscriptionActivatedV1, facts);
      return;
    case 'renewed':
      await context.enqueue(tx, subscriptionRenewedV1, facts);
      return;
    case 'plan-changed':
      await context.enqueue(tx, subscriptionPlanChangedV1, { ...facts, previousTier: effect.previousTier });
      return;
    case 'past-due':
      await context.enqueue(tx, subscriptionPastDueV1, { ...base, graceEndsAt: isoOfEpochSeconds(effect.graceEndsAt), manageUrl: `${deps.appUrl}${MANAGE_SUBSCRIPTION_PATH}` });
      return;
    case 'canceled':
      await context.enqueue(tx, subscriptionCanceledV1, { ...base, reason: effect.reason, endedAt: isoOfEpochSeconds(state.observedAt) });
      return;
    // The machine makes these for courses only.
    case 'course-granted':
    case 'course-revoked':
      return;
    default:
      return unhandled(effect);
  }
}
