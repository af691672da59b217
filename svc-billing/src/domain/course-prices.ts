import type { coursePublishedV1, EventData } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { coursePrices } from '../db/schema';

/**
 * Applies a catalog course change to billing's copy of what each course sells for. Events about
 * one course can arrive out of order after a redelivery, so a change older than the one already
 * applied is ignored.
 */
export async function applyCoursePublished(tx: Db, data: EventData<typeof coursePublishedV1>, occurredAt: Date): Promise<void> {
  const values = {
    courseId: data.courseId,
    name: data.title,
    amount: data.priceMinor,
    currency: data.currency,
    billing: data.billing,
    archived: data.archived,
    lastEventAt: occurredAt,
  };
  await tx
    .insert(coursePrices)
    .values(values)
    .onConflictDoUpdate({ target: coursePrices.courseId, set: values, setWhere: sql`${coursePrices.lastEventAt} <= ${occurredAt.toISOString()}` });
}

/** Every course's name by id, for naming what a subscription or payment sold. */
export async function courseNames(db: Db): Promise<ReadonlyMap<string, string>> {
  const rows = await db.select({ courseId: coursePrices.courseId, name: coursePrices.name }).from(coursePrices);
  return new Map(rows.map((row) => [row.courseId, row.name]));
}
