import { EVENT_SUBJECT_PREFIX, USAGE_EVENT_SUBJECT_PREFIX } from '@agentdock/contracts';

/** JetStream counts its durations in nanoseconds. */
export const NANOS_PER_MS = 1_000_000;
/** `NATS_STREAM`'s default. */
export const DEFAULT_EVENT_STREAM = 'AGENTDOCK';
/** `NATS_USAGE_RETENTION_HOURS`'s default: a week. */
export const DEFAULT_USAGE_RETENTION_HOURS = 168;
/**
 * Where usage records went before they had a stream of their own: the main one, which is never
 * trimmed, so a service's start removes what is left there.
 */
export const USAGE_SUBJECT_BEFORE_ITS_STREAM = `${EVENT_SUBJECT_PREFIX}.chat.credits.spent.v1`;

export interface EventStreamSettings {
  name: string;
  subjects: string[];
  duplicate_window: number;
  max_age?: number;
}

/**
 * The bus's two streams as a service makes them when they are missing: the main one, kept whole
 * (read models are rebuilt by replaying it), and the usage records' (`<stream>_USAGE`), kept for
 * the retention. The cluster drill makes the same, replicated on three servers.
 */
export function eventStreams({
  stream = DEFAULT_EVENT_STREAM,
  namespace = '',
  usageRetentionMs = DEFAULT_USAGE_RETENTION_HOURS * 3_600_000,
}: { stream?: string; namespace?: string; usageRetentionMs?: number } = {}): { main: EventStreamSettings; usage: EventStreamSettings & { max_age: number } } {
  const prefix = namespace ? `${namespace}.` : '';
  const duplicateWindow = 120_000 * NANOS_PER_MS;
  return {
    main: { name: stream, subjects: [`${prefix}${EVENT_SUBJECT_PREFIX}.>`], duplicate_window: duplicateWindow },
    usage: {
      name: `${stream}_USAGE`,
      subjects: [`${prefix}${USAGE_EVENT_SUBJECT_PREFIX}.>`],
      duplicate_window: duplicateWindow,
      max_age: usageRetentionMs * NANOS_PER_MS,
    },
  };
}
