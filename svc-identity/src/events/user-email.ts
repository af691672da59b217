import type { EventDefinition } from '@agentdock/contracts';
import { idempotentHandler, type SubscribeOptions, type TransactionRunner } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import type { z } from 'zod';
import { users } from '../db/schema';
import type { Email, Mailer } from '../domain/mailer';

/**
 * A consumer that emails the user another service's event is about: svc-identity owns the address.
 * Once per event (the handler is idempotent); nothing for a user who no longer exists.
 */
export function userEmailConsumer<TType extends string, TData extends z.ZodType<{ userId: string }>>(options: {
  durable: string;
  event: EventDefinition<TType, TData>;
  transaction: TransactionRunner;
  mailer: Mailer;
  compose: (to: string, data: z.infer<TData>) => Email;
}): SubscribeOptions {
  return {
    durable: options.durable,
    subject: options.event.subject,
    handler: idempotentHandler({
      transaction: options.transaction,
      consumer: options.durable,
      event: options.event,
      apply: async (tx, data) => {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, data.userId));
        if (!user) return;
        options.mailer.sendInBackground(options.compose(user.email, data));
      },
    }),
  };
}
