import { planChangedV1 } from '@agentdock/contracts';
import { idempotentHandler, type ServiceContext, type SubscribeOptions } from '@agentdock/service-data';
import type { BillingSchema } from '../db/schema';
import { applyPlanChanged } from '../domain/plan-prices';

export const PLAN_PRICES_CONSUMER = 'svc-billing-plan-prices';

export function billingConsumers(context: ServiceContext<BillingSchema>): SubscribeOptions[] {
  return [
    {
      durable: PLAN_PRICES_CONSUMER,
      subject: planChangedV1.subject,
      handler: idempotentHandler({
        db: context.db,
        consumer: PLAN_PRICES_CONSUMER,
        event: planChangedV1,
        apply: (tx, data, envelope) => applyPlanChanged(tx, data, new Date(envelope.occurredAt)),
      }),
    },
  ];
}
