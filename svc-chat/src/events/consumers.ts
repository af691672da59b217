import {
  agentChangedV1,
  agentPublishedV1,
  apiKeyIssuedV1,
  apiKeyRevokedV1,
  creditsPurchasedV1,
  type EventDefinition,
  organisationDeletedV1,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  organisationMemberRoleChangedV1,
  seatsChangedV1,
  teamCreditsPurchasedV1,
  teamSubscriptionActivatedV1,
  teamSubscriptionCanceledV1,
  teamSubscriptionPlanChangedV1,
  teamSubscriptionRenewedV1,
  type EventEnvelope,
  planChangedV2,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
  userRegisteredV1,
  userTierChangedV1,
} from '@agentdock/contracts';
import { idempotentHandler, type ServiceContext, type SubscribeOptions, type Tx } from '@agentdock/service-data';
import type { z } from 'zod';
import type { ChatSchema } from '../db/schema';
import { applyAgentChanged, applyAgentPublished } from '../domain/agents';
import { applyPlanChanged } from '../domain/allowances';
import type { ApiKeyCache } from '../domain/api-key-cache';
import { applyApiKeyIssued, applyApiKeyRevoked } from '../domain/api-keys';
import { addPoolCredits, changePoolPlan, changePoolSeats, closePool, startPoolPeriod } from '../domain/pools/funding';
import { applyPoolDeleted, applyPoolMemberRole } from '../domain/pools/members';
import { addPurchasedCredits, changePlan, changeTier, provisionWallet, resetForSubscription } from '../domain/subscriptions';

// billing.subscription.past-due needs no consumer: access (and the wallet) continue during grace.
export function chatConsumers(context: ServiceContext<ChatSchema>, deps: { keys: ApiKeyCache }): SubscribeOptions[] {
  function consumer<TType extends string, TData extends z.ZodType>(
    name: string,
    event: EventDefinition<TType, TData>,
    apply: (tx: Tx<ChatSchema>, data: z.infer<TData>, envelope: EventEnvelope<TType, z.infer<TData>>) => Promise<void>,
    /** Runs once the change is committed (or was already), with the event's data as it came. */
    committed?: (data: unknown) => void,
  ): SubscribeOptions {
    const durable = `svc-chat-${name}`;
    const handler = idempotentHandler({ transaction: context.transaction, consumer: durable, event, apply });
    return {
      durable,
      subject: event.subject,
      handler: committed
        ? async (envelope, delivery) => {
            await handler(envelope, delivery);
            committed(envelope.data);
          }
        : handler,
    };
  }
  // The key is forgotten from memory as its change is written and again once it is committed, so
  // no request after the handler reads the key as it was (a read in between is not kept).
  const forgetKey = (data: unknown) => {
    const keyId = (data as { keyId?: unknown }).keyId;
    if (typeof keyId === 'string') deps.keys.forget(keyId);
  };
  const forgetting =
    <TData extends { keyId: string }, TEnvelope>(apply: (tx: Tx<ChatSchema>, data: TData, envelope: TEnvelope) => Promise<void>) =>
    async (tx: Tx<ChatSchema>, data: TData, envelope: TEnvelope) => {
      await apply(tx, data, envelope);
      deps.keys.forget(data.keyId);
    };
  const subscription = (tx: Tx<ChatSchema>, data: { userId: string; tier: 'starter' | 'professional' | 'enterprise'; periodStart: string; periodEnd: string }, eventId: string) =>
    resetForSubscription(tx, { userId: data.userId, tier: data.tier, periodStart: new Date(data.periodStart), periodEnd: new Date(data.periodEnd), eventId });
  const teamPeriod = (
    data: { organisationId: string; tier: 'starter' | 'professional' | 'enterprise'; seats: number; periodStart: string; periodEnd: string },
    eventId: string,
  ) => ({
    organisationId: data.organisationId,
    tier: data.tier,
    seats: data.seats,
    periodStart: new Date(data.periodStart),
    periodEnd: new Date(data.periodEnd),
    eventId,
  });
  const at = (envelope: { occurredAt: string }) => new Date(envelope.occurredAt);
  return [
    ...teamConsumers(),
    consumer('plans-v2', planChangedV2, (tx, data) => applyPlanChanged(tx, data)),
    consumer('agents', agentChangedV1, (tx, data) => applyAgentChanged(tx, data)),
    consumer('agent-published', agentPublishedV1, (tx, data) => applyAgentPublished(tx, data)),
    consumer('user-registered', userRegisteredV1, (tx, data, envelope) => provisionWallet(tx, data.userId, data.tier, new Date(envelope.occurredAt))),
    consumer('user-tier-changed', userTierChangedV1, (tx, data, envelope) =>
      changeTier(tx, { userId: data.userId, tier: data.tier, now: new Date(envelope.occurredAt), eventId: envelope.id }),
    ),
    consumer('subscription-activated', subscriptionActivatedV1, (tx, data, envelope) => subscription(tx, data, envelope.id)),
    consumer('subscription-renewed', subscriptionRenewedV1, (tx, data, envelope) => subscription(tx, data, envelope.id)),
    consumer('subscription-plan-changed', subscriptionPlanChangedV1, (tx, data, envelope) =>
      changePlan(tx, {
        userId: data.userId,
        tier: data.tier,
        periodStart: new Date(data.periodStart),
        periodEnd: new Date(data.periodEnd),
        eventId: envelope.id,
        now: new Date(envelope.occurredAt),
      }),
    ),
    consumer('subscription-canceled', subscriptionCanceledV1, (tx, data, envelope) =>
      changeTier(tx, { userId: data.userId, tier: 'free', now: new Date(data.endedAt), eventId: envelope.id }),
    ),
    // The API keys chat verifies `/v1` requests with (hash only); a revocation seen before its key still ends revoked.
    consumer(
      'api-key-issued',
      apiKeyIssuedV1,
      forgetting((tx, data) => applyApiKeyIssued(tx, data)),
      forgetKey,
    ),
    consumer(
      'api-key-revoked',
      apiKeyRevokedV1,
      forgetting((tx, data, envelope) => applyApiKeyRevoked(tx, data, new Date(envelope.occurredAt))),
      forgetKey,
    ),
    consumer('credits-purchased', creditsPurchasedV1, (tx, data, envelope) =>
      addPurchasedCredits(tx, { userId: data.userId, credits: data.credits, purchaseId: data.purchaseId, now: new Date(envelope.occurredAt) }),
    ),
  ];

  /** A team's credit pool (billing's team events) and who may spend from it (identity's organisation events). */
  function teamConsumers(): SubscribeOptions[] {
    return [
      consumer('team-activated', teamSubscriptionActivatedV1, (tx, data, envelope) => startPoolPeriod(tx, teamPeriod(data, envelope.id))),
      consumer('team-renewed', teamSubscriptionRenewedV1, (tx, data, envelope) => startPoolPeriod(tx, teamPeriod(data, envelope.id))),
      consumer('team-plan-changed', teamSubscriptionPlanChangedV1, (tx, data, envelope) => changePoolPlan(tx, { ...teamPeriod(data, envelope.id), now: at(envelope) })),
      consumer('team-seats-changed', seatsChangedV1, (tx, data, envelope) =>
        changePoolSeats(tx, { organisationId: data.organisationId, seats: data.seats, eventId: envelope.id, now: at(envelope) }),
      ),
      consumer('team-canceled', teamSubscriptionCanceledV1, (tx, data, envelope) =>
        closePool(tx, { organisationId: data.organisationId, endedAt: new Date(data.endedAt), eventId: envelope.id }),
      ),
      consumer('team-credits-purchased', teamCreditsPurchasedV1, (tx, data, envelope) =>
        addPoolCredits(tx, { organisationId: data.organisationId, credits: data.credits, purchaseId: data.purchaseId, now: at(envelope) }),
      ),
      consumer('team-member-joined', organisationMemberJoinedV1, (tx, data, envelope) => applyPoolMemberRole(tx, { ...data, at: at(envelope) })),
      consumer('team-role-changed', organisationMemberRoleChangedV1, (tx, data, envelope) => applyPoolMemberRole(tx, { ...data, at: at(envelope) })),
      consumer('team-member-removed', organisationMemberRemovedV1, (tx, data, envelope) => applyPoolMemberRole(tx, { ...data, role: null, at: at(envelope) })),
      consumer('team-deleted', organisationDeletedV1, (tx, data, envelope) => applyPoolDeleted(tx, { ...data, at: at(envelope) })),
    ];
  }
}
