import { afterCursor, type CsvCell, cursorTime, type Db, type ExportRange, inPages } from '@agentdock/service-data';
import { and, asc, gte, lt } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWalletLedger } from '../db/schema';

/** Every credit movement of the range, oldest first, one CSV row each (columns: ADMIN_EXPORT_COLUMNS.ledger). */
export async function* ledgerRows(db: Db<ChatSchema>, range: ExportRange): AsyncGenerator<CsvCell[]> {
  const ledger = chatWalletLedger;
  const pages = inPages((after, limit) =>
    db
      .select({ row: ledger, cursor: { at: cursorTime(ledger.createdAt), id: ledger.id } })
      .from(ledger)
      .where(and(gte(ledger.createdAt, range.start), lt(ledger.createdAt, range.end), afterCursor(ledger.createdAt, ledger.id, after)))
      .orderBy(asc(ledger.createdAt), asc(ledger.id))
      .limit(limit),
  );
  for await (const { row } of pages) {
    yield [row.id, row.userId, row.kind, row.planDelta, row.purchasedDelta, row.reason, row.reference, row.createdAt];
  }
}
