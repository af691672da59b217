import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ADMIN_EXPORT_COLUMNS, ADMIN_EXPORT_ENDPOINTS, type AdminExportName, endpointUrl, exportFileName, rangeBounds, statsRangeQuery } from '@agentdock/contracts';
import { stringify } from 'csv-stringify';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type RequestHandler, type Response, Router } from 'express';

/** The instants an export covers: [start, end), whole UTC days of the query. */
export interface ExportRange {
  start: Date;
  end: Date;
}

/** A cell: text, a number, a time, a yes/no, or nothing. */
export type CsvCell = string | number | boolean | Date | null;

/** Where the next page starts: the last row's time, to the microsecond as the database holds it, and id. */
export interface ExportCursor {
  at: string;
  id: string;
}

export const EXPORT_PAGE_SIZE = 500;

/** The time column as exact text for the cursor: a JS Date would drop the microseconds and repeat rows. */
export const cursorTime = (time: AnyPgColumn) => sql<string>`${time}::text`;

/** Rows after `cursor` in (time, id) order, the order every export reads in. */
export function afterCursor(time: AnyPgColumn, id: AnyPgColumn, cursor: ExportCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(gt(time, sql`${cursor.at}::timestamptz`), and(eq(time, sql`${cursor.at}::timestamptz`), gt(id, cursor.id)));
}

/**
 * Every row of a keyset-paged query, page by page: only one page is ever in memory, and the
 * stream asks for the next one when the response has room for it.
 */
export async function* inPages<Row extends { cursor: ExportCursor }>(
  page: (after: ExportCursor | undefined, limit: number) => Promise<Row[]>,
  size = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row> {
  let after: ExportCursor | undefined;
  for (;;) {
    const rows = await page(after, size);
    yield* rows;
    if (rows.length < size) return;
    after = rows.at(-1)!.cursor;
  }
}

/** Minor units as the decimal amount a spreadsheet sums: 4500 → "45.00". */
export function minorAsDecimal(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = Math.abs(amountMinor);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * Text a person typed (a name, a reason) that a spreadsheet would run as a formula is prefixed
 * with an apostrophe (OWASP's advice on CSV injection); amounts are written by us and left alone.
 */
function cell(value: CsvCell): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/**
 * Writes `rows` as a CSV attachment while they are read: one row in memory at a time, the next
 * asked for when the response has room for it.
 */
export async function sendCsv(res: Response, file: { name: string; columns: readonly string[] }, rows: AsyncIterable<readonly CsvCell[]>): Promise<void> {
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.name}"`,
    'Cache-Control': 'no-store',
  });
  const lines = Readable.from(
    (async function* () {
      for await (const row of rows) yield row.map(cell);
    })(),
  );
  await pipeline(lines, stringify({ header: true, columns: [...file.columns], record_delimiter: 'windows' }), res);
}

/**
 * GET the export's endpoint behind `guard`: the range is validated (400 like the stats), then the
 * rows are written as CSV while they are read, the file named for the range.
 */
export function adminExportRouter(options: { name: AdminExportName; guard: RequestHandler[]; rows: (range: ExportRange) => AsyncIterable<readonly CsvCell[]> }): Router {
  const router = Router();
  router.get(endpointUrl(ADMIN_EXPORT_ENDPOINTS[options.name]), ...options.guard, async (req, res) => {
    const range = statsRangeQuery.parse(req.query);
    await sendCsv(res, { name: exportFileName(options.name, range), columns: ADMIN_EXPORT_COLUMNS[options.name] }, options.rows(rangeBounds(range)));
  });
  return router;
}
