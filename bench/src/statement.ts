// The statement at size: one customer with 100,000 ledger rows (a year of heavy use: replies as
// reservation + settlement pairs, monthly grants, top-ups), written straight into svc-chat's own
// database with generate_series. Prints the time to the first page (what Usage → Statement shows
// first) and to the whole CSV (every page of 500, as the Download CSV button fetches them).
// BENCH_STATEMENT_ROWS changes the size; TEST_DATABASE_URL runs it on PostgreSQL instead of PGlite.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { STATEMENT_MAX_PAGE_SIZE, STATEMENT_PAGE_SIZE, statementCsv, type StatementLine } from '@agentdock/contracts';
import { sql } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { schema } from '../../svc-chat/src/db/schema';
import { statementOf } from '../../svc-chat/src/domain/statement/statement';
import { repoRoot } from './processes';

const ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 100_000);
const USER = '00000000-0000-4000-8000-000000000001';
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

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
    const all: StatementLine[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await statementOf(db, USER, { page, pageSize: STATEMENT_MAX_PAGE_SIZE }, 0);
      all.push(...answer.lines);
      if (all.length >= answer.totalLines || answer.lines.length === 0) break;
    }
    const csv = statementCsv(all.reverse());
    const csvMs = performance.now() - started;
    console.log(
      `\nStatement of one customer with ${ROWS.toLocaleString('en-US')} ledger rows (${lines.toLocaleString('en-US')} statement lines, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
    console.log(`  first page of ${STATEMENT_PAGE_SIZE} lines (median of 5)   ${ms(firstPage[2]!)}`);
    console.log(`  whole CSV (${Math.ceil(lines / STATEMENT_MAX_PAGE_SIZE)} pages of ${STATEMENT_MAX_PAGE_SIZE}, ${(csv.length / 1024 / 1024).toFixed(1)} MB)   ${ms(csvMs)}`);
  } finally {
    await database.close();
  }
}

await benchStatement();
