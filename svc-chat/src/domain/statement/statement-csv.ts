import { STATEMENT_CSV_COLUMNS, type StatementCsvQuery, statementCsvFileName } from '@agentdock/contracts';
import { type Db, sendCsv, withCursorRows } from '@agentdock/service-data';
import type { Response } from 'express';
import type { ChatSchema } from '../../db/schema';
import { type StatementRow, statementRange, statementSql, toLine } from './statement';

/**
 * The user's statement in the range as CSV, oldest line first: the running balance is computed
 * once over the ledger (one query, read through a cursor) and each line written as it is read,
 * so a year of heavy use is one request, not a page of 500 re-running the whole window. For a
 * team's pool, `memberId` keeps one member's lines (statementSql).
 */
export function sendStatementCsv(db: Db<ChatSchema>, userId: string, query: StatementCsvQuery, res: Response, memberId: string | null = null): Promise<void> {
  return withCursorRows<ChatSchema, StatementRow, void>(db, statementSql(userId, statementRange(query), 'all', memberId), (rows) =>
    sendCsv(
      res,
      { name: statementCsvFileName(query), columns: STATEMENT_CSV_COLUMNS },
      (async function* () {
        for await (const row of rows) {
          const line = toLine(row);
          yield [line.at, line.text, line.credits, line.balance];
        }
      })(),
    ),
  );
}
