import { seatsChangedV1 } from '@agentdock/contracts';
import { idempotentHandler, type SubscribeOptions, type TransactionRunner } from '@agentdock/service-data';
import { and, eq, isNull, lt, or } from '@agentdock/service-data/orm';
import { organisations } from '../db/schema';

export const SEATS_CONSUMER = 'svc-identity-billing-seats';

/**
 * Keeps each team's paid seats and subscription status as billing last reported them: the cap on
 * accepted members and the guard on deleting a team. Once per event (idempotent), and an event
 * older than the one applied last changes nothing, so a late redelivery cannot bring back seats.
 * A team deleted meanwhile has no row to update.
 */
export function seatsConsumer(transaction: TransactionRunner): SubscribeOptions {
  return {
    durable: SEATS_CONSUMER,
    subject: seatsChangedV1.subject,
    handler: idempotentHandler({
      transaction,
      consumer: SEATS_CONSUMER,
      event: seatsChangedV1,
      apply: async (tx, data, envelope) => {
        const at = new Date(envelope.occurredAt);
        await tx
          .update(organisations)
          .set({ paidSeats: data.seats, subscriptionStatus: data.subscriptionStatus, seatsReportedAt: at, updatedAt: new Date() })
          .where(and(eq(organisations.id, data.organisationId), or(isNull(organisations.seatsReportedAt), lt(organisations.seatsReportedAt, at))));
      },
    }),
  };
}
