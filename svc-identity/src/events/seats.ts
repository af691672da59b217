import { seatsChangedV1 } from '@agentdock/contracts';
import { idempotentHandler, type SubscribeOptions, type TransactionRunner } from '@agentdock/service-data';
import { and, eq, isNull, lt, or } from '@agentdock/service-data/orm';
import { organisations } from '../db/schema';
import { recordActivity } from '../domain/teams/activity';

export const SEATS_CONSUMER = 'svc-identity-billing-seats';

/**
 * Keeps each team's paid seats and subscription status as billing last reported them: the cap on
 * accepted members and the guard on deleting a team. Once per event (idempotent), and an event
 * older than the one applied last changes nothing, so a late redelivery cannot bring back seats.
 * A team deleted meanwhile has no row to update. A change of seat count is written to the team's
 * activity log in the same transaction (the actor is billing, so no address).
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
        const [before] = await tx.select({ paidSeats: organisations.paidSeats }).from(organisations).where(eq(organisations.id, data.organisationId)).for('update');
        const [applied] = await tx
          .update(organisations)
          .set({ paidSeats: data.seats, subscriptionStatus: data.subscriptionStatus, seatsReportedAt: at, updatedAt: new Date() })
          .where(and(eq(organisations.id, data.organisationId), or(isNull(organisations.seatsReportedAt), lt(organisations.seatsReportedAt, at))))
          .returning({ id: organisations.id });
        if (applied && before && before.paidSeats !== data.seats) {
          await recordActivity(tx, {
            organisationId: data.organisationId,
            action: 'seats.changed',
            actorEmail: null,
            detail: `${before.paidSeats} → ${data.seats} seat${data.seats === 1 ? '' : 's'} (${data.subscriptionStatus})`,
          });
        }
      },
    }),
  };
}
