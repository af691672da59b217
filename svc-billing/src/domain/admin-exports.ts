import { afterCursor, type CsvCell, cursorTime, type Db, type ExportRange, inPages, minorAsDecimal } from '@agentdock/service-data';
import { and, asc, gt, gte, lt, sql } from '@agentdock/service-data/orm';
import { type BillingSchema, invoices, payments, subscriptions } from '../db/schema';
import { isoOfEpochSeconds } from './epoch-seconds';
import { courseNames } from './course-prices';
import { productName } from './product-name';
import { readStoredSubscription } from './stored-subscription';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The subscriptions whose current period overlaps the range (what was being paid for then), by
 * id; columns: ADMIN_EXPORT_COLUMNS.subscriptions. Billing keeps each subscription's latest period only.
 */
export async function* subscriptionRows(db: Db<BillingSchema>, range: ExportRange): AsyncGenerator<CsvCell[]> {
  const periodStart = sql`(${subscriptions.state}->>'currentPeriodStart')::bigint`;
  const periodEnd = sql`(${subscriptions.state}->>'currentPeriodEnd')::bigint`;
  const pages = inPages((after, limit) =>
    db
      .select({ row: subscriptions, cursor: { at: sql<string>`''`, id: subscriptions.id } })
      .from(subscriptions)
      .where(and(sql`${periodStart} < ${seconds(range.end)}`, sql`${periodEnd} > ${seconds(range.start)}`, after ? gt(subscriptions.id, after.id) : undefined))
      .orderBy(asc(subscriptions.id))
      .limit(limit),
  );
  const names = await courseNames(db);
  for await (const { row } of pages) {
    const state = readStoredSubscription(row);
    yield [
      row.id,
      row.userId,
      productName(state.product, names),
      row.status,
      minorAsDecimal(row.unitAmount),
      row.currency.toUpperCase(),
      row.interval,
      isoOfEpochSeconds(state.currentPeriodStart),
      isoOfEpochSeconds(state.currentPeriodEnd),
      row.cancelAtPeriodEnd,
    ];
  }
}

/** Money received (and refunded, negative) in the range, oldest first; columns: ADMIN_EXPORT_COLUMNS.payments. */
export async function* paymentRows(db: Db<BillingSchema>, range: ExportRange): AsyncGenerator<CsvCell[]> {
  const pages = inPages((after, limit) =>
    db
      .select({ row: payments, cursor: { at: cursorTime(payments.paidAt), id: payments.id } })
      .from(payments)
      .where(and(gte(payments.paidAt, range.start), lt(payments.paidAt, range.end), afterCursor(payments.paidAt, payments.id, after)))
      .orderBy(asc(payments.paidAt), asc(payments.id))
      .limit(limit),
  );
  for await (const { row } of pages) {
    yield [row.id, row.userId, row.kind, minorAsDecimal(row.amount), row.currency.toUpperCase(), row.subscriptionId, row.paidAt];
  }
}

/** The invoices issued in the range, oldest first; columns: ADMIN_EXPORT_COLUMNS.invoices. */
export async function* invoiceRows(db: Db<BillingSchema>, range: ExportRange): AsyncGenerator<CsvCell[]> {
  const pages = inPages((after, limit) =>
    db
      .select({ row: invoices, cursor: { at: cursorTime(invoices.issuedAt), id: invoices.id } })
      .from(invoices)
      .where(and(gte(invoices.issuedAt, range.start), lt(invoices.issuedAt, range.end), afterCursor(invoices.issuedAt, invoices.id, after)))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id))
      .limit(limit),
  );
  for await (const { row } of pages) {
    const money = [row.total, row.tax, row.amountPaid, row.amountDue].map(minorAsDecimal);
    yield [row.id, row.number, row.userId, row.kind, row.description, row.status, ...money, row.currency.toUpperCase(), row.issuedAt];
  }
}
