import {
  coursePublishedV1,
  type EventDefinition,
  type EventEnvelope,
  organisationDeletedV1,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  organisationMemberRoleChangedV1,
  planChangedV2,
} from '@agentdock/contracts';
import { idempotentHandler, type ServiceContext, type SubscribeOptions, type Tx } from '@agentdock/service-data';
import type { z } from 'zod';
import type { BillingSchema } from '../db/schema';
import { applyCoursePublished } from '../domain/course-prices';
import { applyPlanChanged } from '../domain/plan-prices';
import { applyMemberRole, applyOrganisationDeleted } from '../domain/team-roles';

/** A new durable for v2: the v1 one stays bound to v1's subject on JetStream. */
export const PLAN_PRICES_CONSUMER = 'svc-billing-plan-prices-v2';

export const COURSE_PRICES_CONSUMER = 'svc-billing-course-prices';

export function billingConsumers(context: ServiceContext<BillingSchema>): SubscribeOptions[] {
  function consumer<TType extends string, TData extends z.ZodType>(
    durable: string,
    event: EventDefinition<TType, TData>,
    apply: (tx: Tx, data: z.infer<TData>, envelope: EventEnvelope<TType, z.infer<TData>>) => Promise<void>,
  ): SubscribeOptions {
    return { durable, subject: event.subject, handler: idempotentHandler({ transaction: context.transaction, consumer: durable, event, apply }) };
  }
  const at = (envelope: { occurredAt: string }) => new Date(envelope.occurredAt);
  return [
    consumer(PLAN_PRICES_CONSUMER, planChangedV2, (tx, data, envelope) => applyPlanChanged(tx, data, at(envelope))),
    consumer(COURSE_PRICES_CONSUMER, coursePublishedV1, (tx, data, envelope) => applyCoursePublished(tx, data, at(envelope))),
    // Billing's own copy of who may buy and change a team's seats.
    consumer('svc-billing-team-member-joined', organisationMemberJoinedV1, (tx, data, envelope) => applyMemberRole(tx, { ...data, at: at(envelope) })),
    consumer('svc-billing-team-role-changed', organisationMemberRoleChangedV1, (tx, data, envelope) => applyMemberRole(tx, { ...data, at: at(envelope) })),
    consumer('svc-billing-team-member-removed', organisationMemberRemovedV1, (tx, data, envelope) => applyMemberRole(tx, { ...data, role: null, at: at(envelope) })),
    consumer('svc-billing-team-deleted', organisationDeletedV1, (tx, data, envelope) => applyOrganisationDeleted(tx, { ...data, at: at(envelope) })),
  ];
}
