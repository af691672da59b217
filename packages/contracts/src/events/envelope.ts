import { z } from 'zod';

/** Every event subject lives under this prefix so one JetStream stream captures them all. */
export const EVENT_SUBJECT_PREFIX = 'agentdock';

export interface EventDefinition<TType extends string, TData extends z.ZodType> {
  readonly type: TType;
  readonly version: number;
  /** NATS subject, e.g. `agentdock.catalog.plan.changed.v1`. */
  readonly subject: string;
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
export function defineEvent<TType extends string, TData extends z.ZodType>(type: TType, version: number, data: TData): EventDefinition<TType, TData> {
  const envelope = anyEventEnvelope.extend({
    type: z.literal(type),
    version: z.literal(version),
    data,
  }) as unknown as z.ZodType<EventEnvelope<TType, z.infer<TData>>>;
  return { type, version, subject: `${EVENT_SUBJECT_PREFIX}.${type}.v${version}`, data, envelope };
}

export type EventData<D> = D extends EventDefinition<string, infer T> ? z.infer<T> : never;
