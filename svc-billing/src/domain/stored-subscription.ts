/**
 * The subscription record as the `subscriptions.state` jsonb column holds it. The column is
 * `unknown` to TypeScript and stays so: every read goes through `readStoredSubscription`, which
 * parses the row against the schema of the version it was written in and upgrades it to the
 * current one, so a row of an older shape is read correctly and a broken row stops the request
 * with an error naming the row, instead of being trusted by a cast (the lint refuses
 * `as StoredSubscription`). Every write goes through `storedSubscriptionRecord`, which stamps the
 * version.
 *
 * Changing the record: add `storedSubscriptionV(n+1)`, make it current, and teach the read to turn
 * older records into it; rows are never migrated in place. Version 2 added `team`, version 3 `trial`.
 */
import { z } from 'zod';
import type { SubscriptionRow } from '../db/schema';
import { PROVIDER_STATUSES, type StoredSubscription } from './subscription-machine';

const epochSeconds = z.number().finite();

const product = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), tier: z.enum(['starter', 'professional']) }),
  z.object({ kind: z.literal('course'), courseId: z.string().min(1) }),
]);

/** The fields of the state machine's record (subscription-machine's StoredSubscription). */
const stateFields = {
  id: z.string().min(1),
  userId: z.string().min(1),
  product,
  status: z.enum(PROVIDER_STATUSES),
  currentPeriodStart: epochSeconds,
  currentPeriodEnd: epochSeconds,
  cancelAtPeriodEnd: z.boolean(),
  observedAt: epochSeconds,
  granted: z.boolean(),
  graceEndsAt: epochSeconds.nullable(),
};

/** Version 1: the machine's record with its version (a person's subscriptions only). */
export const storedSubscriptionV1 = z.object({ version: z.literal(1), ...stateFields });

/** Version 2: and the team a subscription pays seats for (null: a person's). */
export const storedSubscriptionV2 = z.object({
  version: z.literal(2),
  ...stateFields,
  team: z.object({ organisationId: z.string().min(1), seats: z.number().int().nonnegative() }).nullable(),
});

const trial = z.object({ endsAt: epochSeconds, cardOnFile: z.boolean(), firstCharge: z.number().int().nonnegative() }).nullable();

/** Version 3: and the trial running now (null: none). */
export const storedSubscriptionV3 = storedSubscriptionV2.extend({ version: z.literal(3), trial });

/** Rows written before the record carried a version: the fields of version 1, without it. */
export const storedSubscriptionUnversioned = z.object(stateFields);

export const STORED_SUBSCRIPTION_VERSION = 3;
export type StoredSubscriptionRecord = z.infer<typeof storedSubscriptionV3>;

// The schema and the machine's type describe one record: either changing alone fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const recordMatchesMachine: Same<Omit<StoredSubscriptionRecord, 'version'>, StoredSubscription> = true;
void recordMatchesMachine;

/** A stored subscription state that no known version of the record describes. */
export class UnreadableSubscriptionStateError extends Error {
  constructor(
    readonly subscriptionId: string,
    readonly storedVersion: unknown,
    readonly problems: string[],
  ) {
    super(
      `The stored state of subscription ${subscriptionId} (record version ${String(storedVersion ?? 'none')}) cannot be read: ${problems.join('; ')}. ` +
        'It was not used; replaying the subscription’s latest webhook from the provider rewrites it.',
    );
    this.name = 'UnreadableSubscriptionStateError';
  }
}

function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(record)'}: ${issue.message}`);
}

/**
 * The current record from a `subscriptions` row, whatever version wrote it.
 * @throws UnreadableSubscriptionStateError when the row matches no version, or a newer one.
 */
export function readStoredSubscription(row: Pick<SubscriptionRow, 'id' | 'state'>): StoredSubscriptionRecord {
  const state: unknown = row.state;
  const version = typeof state === 'object' && state !== null && 'version' in state ? state.version : undefined;
  if (version === undefined || version === 1) {
    // Before version 2 only people had subscriptions.
    const parsed = (version === undefined ? storedSubscriptionUnversioned : storedSubscriptionV1).safeParse(state);
    if (!parsed.success) throw new UnreadableSubscriptionStateError(row.id, version, problemsOf(parsed.error));
    return { ...parsed.data, version: STORED_SUBSCRIPTION_VERSION, team: null, trial: null };
  }
  if (version === 2) {
    // The trial is read from the record the next webhook writes; until then the row tells of none.
    const parsed = storedSubscriptionV2.safeParse(state);
    if (!parsed.success) throw new UnreadableSubscriptionStateError(row.id, version, problemsOf(parsed.error));
    return { ...parsed.data, version: STORED_SUBSCRIPTION_VERSION, trial: null };
  }
  if (version !== STORED_SUBSCRIPTION_VERSION) {
    throw new UnreadableSubscriptionStateError(row.id, version, [`this billing reads record versions up to ${STORED_SUBSCRIPTION_VERSION}`]);
  }
  const parsed = storedSubscriptionV3.safeParse(state);
  if (!parsed.success) throw new UnreadableSubscriptionStateError(row.id, version, problemsOf(parsed.error));
  return parsed.data;
}

/** What is written to `subscriptions.state`: the machine's record, stamped with the current version. */
export function storedSubscriptionRecord(state: StoredSubscription): StoredSubscriptionRecord {
  const { id, userId, product, status, currentPeriodStart, currentPeriodEnd, cancelAtPeriodEnd, observedAt, granted, graceEndsAt, team, trial } = state;
  return {
    version: STORED_SUBSCRIPTION_VERSION,
    id,
    userId,
    product,
    status,
    currentPeriodStart,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    observedAt,
    granted,
    graceEndsAt,
    team,
    trial,
  };
}
