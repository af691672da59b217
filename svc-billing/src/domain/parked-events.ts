import { type ServiceContext } from '@agentdock/service-data';
import type { Counter } from 'prom-client';
import type Stripe from 'stripe';
import { type BillingSchema, parkedWebhookEvents } from '../db/schema';

export interface ParkingDeps {
  /** The API version whose event shapes billing reads. */
  apiVersion: string;
  parkedEvents: Pick<Counter<'api_version' | 'type'>, 'inc'>;
}

/**
 * An event of another API version may name the same facts differently (a period read as absent,
 * an invoice without its subscription), so it is kept, not applied: answered 200 so Stripe stops
 * retrying what no retry can fix, logged and counted so an operator notices. Returns whether it
 * had not been parked before.
 */
export async function parkEvent(context: ServiceContext<BillingSchema>, deps: ParkingDeps, event: Stripe.Event): Promise<boolean> {
  const [fresh] = await context.db
    .insert(parkedWebhookEvents)
    .values({ id: event.id, type: event.type, apiVersion: event.api_version, payload: event })
    .onConflictDoNothing()
    .returning({ id: parkedWebhookEvents.id });
  if (!fresh) return false;
  context.logger.warn(
    { eventId: event.id, type: event.type, apiVersion: event.api_version, expected: deps.apiVersion },
    'parked a Stripe webhook event of another API version: not applied (set the webhook endpoint to the version billing reads, then replay it)',
  );
  deps.parkedEvents.inc({ api_version: event.api_version ?? 'none', type: event.type });
  return true;
}
