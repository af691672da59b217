// The statement at size: one customer with 100,000 ledger rows (a year of heavy use: replies as
// reservation + settlement pairs, monthly grants, top-ups), written straight into svc-chat's own
// database with generate_series. Prints the time to the first page (what Usage → Statement shows
// first) and to the whole CSV as the Download CSV button fetches it: one request to svc-chat's
// statement CSV endpoint, its running balance computed once and the lines streamed as read.
// BENCH_STATEMENT_ROWS changes the size; TEST_DATABASE_URL runs it on PostgreSQL instead of PGlite.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { STATEMENT_PAGE_SIZE } from '@agentdock/contracts';
import { sql } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { schema } from '../../svc-chat/src/db/schema';
import { statementOf } from '../../svc-chat/src/domain/statement/statement';
import { sendStatementCsv } from '../../svc-chat/src/domain/statement/statement-csv';
import { repoRoot } from './processes';

const ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 100_000);
const USER = '00000000-0000-4000-8000-000000000001';
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

/**
 * The whole CSV as the endpoint writes it, into a response that counts what it is sent: the
 * route's own work (query, words, CSV) without the network, like the first-page figure.
 */
async function statementCsvBytes(db: Parameters<typeof statementOf>[0]): Promise<{ bytes: number; lines: number }> {
  let text = '';
  const response = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
    { set: () => response },
  );
  await sendStatementCsv(db, USER, {}, response as unknown as Parameters<typeof sendStatementCsv>[3]);
  return { bytes: Buffer.byteLength(text), lines: text.split('\r\n').length - 2 };
}

async function benchStatement(): Promise<void> {
  const database = await openTestDatabase({ schema, migrationsFolder: join(repoRoot, 'svc-chat', 'migrations') });
  try {
    const { db } = database;
    await db.execute(
      sql.raw(`insert into chat_wallet_ledger (user_id, kind, plan_delta, purchased_delta, message_id, reference, created_at)
        select '${USER}'::uuid, kind,
          case kind when 'grant' then 1000000 when 'reservation' then -2000 when 'settlement' then 500 else 0 end,
          case kind when 'top-up' then 500000 else 0 end,
          case when kind in ('reservation', 'settlement') then md5('m' || ((n + 1) / 2))::uuid end,
          case when kind in ('grant', 'top-up') then 'bench-' || n end,
          now() - ((${ROWS} - n) * interval '5 minutes')
        from (select n, case when n % 1000 = 0 then 'grant' when n % 1000 = 500 then 'top-up' when n % 2 = 1 then 'reservation' else 'settlement' end as kind
              from generate_series(1, ${ROWS}) as n) as rows`),
    );
    await db.execute(sql`analyze`);
    const firstPage: number[] = [];
    let lines = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const page = await statementOf(db, USER, { page: 1, pageSize: STATEMENT_PAGE_SIZE }, 0);
      firstPage.push(performance.now() - started);
      lines = page.totalLines;
    }
    firstPage.sort((a, b) => a - b);
    const started = performance.now();
    const csv = await statementCsvBytes(db);
    const csvMs = performance.now() - started;
    console.log(
      `\nStatement of one customer with ${ROWS.toLocaleString('en-US')} ledger rows (${lines.toLocaleString('en-US')} statement lines, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
    console.log(`  first page of ${STATEMENT_PAGE_SIZE} lines (median of 5)   ${ms(firstPage[2]!)}`);
    console.log(`  whole CSV (one streamed request, ${csv.lines.toLocaleString('en-US')} lines, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB)   ${ms(csvMs)}`);
  } finally {
    await database.close();
  }
}

await benchStatement();
