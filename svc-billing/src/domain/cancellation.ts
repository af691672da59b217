import { randomUUID } from 'node:crypto';
import { BILLING_ERROR_CODES, type BillingSubscription, type CancelSubscriptionRequest } from '@agentdock/contracts';
import { ConflictError } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { type BillingSchema, cancellationRequests, type SubscriptionRow, subscriptions } from '../db/schema';
import { type BillingDeps, LIVE_STATUSES, ownSubscription, toBillingSubscription } from './billing';
import { courseNames } from './course-prices';
import { readStoredSubscription, storedSubscriptionRecord } from './stored-subscription';
import { lockSubscription, nextRevision } from './subscription-revision';

type Feedback = Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback;

function runningState(row: SubscriptionRow) {
  const state = readStoredSubscription(row);
  if (!LIVE_STATUSES.has(state.status)) {
    throw new ConflictError('Only a running subscription can be cancelled or resumed.', { code: BILLING_ERROR_CODES.subscriptionNotActive });
  }
  return state;
}

/**
 * Whether the subscription is set to end, as the provider holds it. The local row can lag behind:
 * a webhook delivered late still carries the state from before the customer's last request.
 */
async function endsAtPeriodEnd(deps: BillingDeps, row: SubscriptionRow): Promise<boolean> {
  return (await deps.stripe.subscriptions.retrieve(row.id)).cancel_at_period_end;
}

const withCancelFlag = (row: SubscriptionRow, cancel: boolean): SubscriptionRow => ({
  ...row,
  cancelAtPeriodEnd: cancel,
  state: storedSubscriptionRecord({ ...readStoredSubscription(row), cancelAtPeriodEnd: cancel }),
});

/**
 * Stores whether a subscription ends at period end. The local row is updated right away so the
 * page reloads with the right notice; the provider's webhook later confirms the same state.
 */
async function storeCancelFlag(context: ServiceContext<BillingSchema>, row: SubscriptionRow, cancel: boolean, request?: CancelSubscriptionRequest): Promise<BillingSubscription> {
  const { state } = withCancelFlag(row, cancel);
  const updated = await context.transaction(async (tx) => {
    // Under the webhooks' lock, and counted as a write: a delivery that asked the provider before
    // this request would otherwise store the flag as it was.
    await lockSubscription(tx, row.id);
    const [stored] = await tx
      .update(subscriptions)
      .set({ state, cancelAtPeriodEnd: cancel, updatedAt: new Date(), revision: nextRevision })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (request) {
      await tx.insert(cancellationRequests).values({
        id: randomUUID(),
        subscriptionId: row.id,
        userId: row.userId,
        productKind: row.productKind,
        reason: request.reason ?? null,
        comment: request.comment ? request.comment : null,
      });
    }
    return stored;
  });
  return toBillingSubscription(updated ?? row, await courseNames(context.db));
}

/**
 * Sets a running subscription to end at the end of the period paid for (never at once), with the
 * customer's reason, which the provider keeps too (`cancellation_details`). Asking again while it is
 * already set to end changes nothing and counts no second cancellation.
 */
export async function cancelAtPeriodEnd(
  context: ServiceContext<BillingSchema>,
  deps: BillingDeps,
  userId: string,
  id: string,
  request: CancelSubscriptionRequest,
): Promise<BillingSubscription> {
  const row = await ownSubscription(context.db, userId, id);
  runningState(row);
  if (await endsAtPeriodEnd(deps, row)) return toBillingSubscription(withCancelFlag(row, true), await courseNames(context.db));
  const details: Stripe.SubscriptionUpdateParams.CancellationDetails = {};
  if (request.reason) details.feedback = request.reason satisfies Feedback;
  if (request.comment) details.comment = request.comment;
  await deps.stripe.subscriptions.update(row.id, { cancel_at_period_end: true, cancellation_details: details });
  return storeCancelFlag(context, row, true, request);
}

/** Keeps a subscription that was set to end at period end, while that period still runs. */
export async function resumeSubscription(context: ServiceContext<BillingSchema>, deps: BillingDeps, userId: string, id: string): Promise<BillingSubscription> {
  const row = await ownSubscription(context.db, userId, id);
  runningState(row);
  if (!(await endsAtPeriodEnd(deps, row))) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.notCanceling });
  await deps.stripe.subscriptions.update(row.id, { cancel_at_period_end: false });
  return storeCancelFlag(context, row, false);
}
