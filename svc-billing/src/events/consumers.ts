import { planChangedV2 } from '@agentdock/contracts';
import { idempotentHandler, type ServiceContext, type SubscribeOptions } from '@agentdock/service-data';
import type { BillingSchema } from '../db/schema';
import { applyPlanChanged } from '../domain/plan-prices';

/** A new durable for v2: the v1 one stays bound to v1's subject on JetStream. */
export const PLAN_PRICES_CONSUMER = 'svc-billing-plan-prices-v2';

export function billingConsumers(context: ServiceContext<BillingSchema>): SubscribeOptions[] {
  return [
    {
      durable: PLAN_PRICES_CONSUMER,
      subject: planChangedV2.subject,
      handler: idempotentHandler({
        transaction: context.transaction,
        consumer: PLAN_PRICES_CONSUMER,
        event: planChangedV2,
        apply: (tx, data, envelope) => applyPlanChanged(tx, data, new Date(envelope.occurredAt)),
      }),
    },
  ];
}
