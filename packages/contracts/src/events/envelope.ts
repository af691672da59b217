import { z } from 'zod';

/**
 * Events the services build their read models from live under this prefix, in one stream kept
 * whole: a new service database replays it from the start.
 */
export const EVENT_SUBJECT_PREFIX = 'agentdock';
/**
 * Records of traffic (one per settled reply) live under this one, in a stream of their own that
 * keeps them for a time only: nothing is rebuilt from them, and kept whole they would grow with
 * every completion for ever.
 */
export const USAGE_EVENT_SUBJECT_PREFIX = 'agentdock-usage';

/** `history`: kept whole (the default); `usage`: kept for the usage stream's retention. */
export type EventRetention = 'history' | 'usage';

export interface EventDefinition<TType extends string, TData extends z.ZodType> {
  readonly type: TType;
  readonly version: number;
  /** NATS subject, e.g. `agentdock.catalog.plan.changed.v1` (`agentdock-usage.…` for usage records). */
  readonly subject: string;
  readonly retention: EventRetention;
  readonly data: TData;
  readonly envelope: z.ZodType<EventEnvelope<TType, z.infer<TData>>>;
}

export interface EventEnvelope<TType extends string = string, TData = unknown> {
  /** Unique per event; consumers record it so a redelivery has no second effect. */
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  /** The service that published it. */
  source: string;
  data: TData;
}

export const anyEventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  source: z.string().min(1),
  data: z.unknown(),
});

/**
 * Declares a versioned event once; producers and consumers import the same definition.
 * A breaking payload change gets a new version (and so a new subject), never an edit.
 */
export function defineEvent<TType extends string, TData extends z.ZodType>(
  type: TType,
  version: number,
  data: TData,
  { retention = 'history' }: { retention?: EventRetention } = {},
): EventDefinition<TType, TData> {
  const envelope = anyEventEnvelope.extend({
    type: z.literal(type),
    version: z.literal(version),
    data,
  }) as unknown as z.ZodType<EventEnvelope<TType, z.infer<TData>>>;
  const prefix = retention === 'usage' ? USAGE_EVENT_SUBJECT_PREFIX : EVENT_SUBJECT_PREFIX;
  return { type, version, subject: `${prefix}.${type}.v${version}`, retention, data, envelope };
}

export type EventData<D> = D extends EventDefinition<string, infer T> ? z.infer<T> : never;
