// The admin overview's stats: each service's figures for 7, 30, 90 and 365 days over generated
// data at two sizes of history (by default 100,000 users / 1,000,000 messages, then ten times as
// much: 1,000,000 users, 10,000,000 messages and about 1,000,000 payments), each written straight
// into that service's own database with generate_series, as the services would have written them
// over a year. The rows go in with the rollup triggers off and the rollups are then filled from
// their recomputation views, as migration backfills do: one statement instead of a trigger per row.
import { join } from 'node:path';
import { type StatsRange } from '@agentdock/contracts';
import { type Database, type Db, type RollupDefinition } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { billingStatsFor } from '../../svc-billing/src/domain/admin-stats';
import { billingRollups, schema as billingSchema } from '../../svc-billing/src/db/schema';
import { catalogStatsFor } from '../../svc-catalog/src/domain/admin-stats';
import { catalogRollups, schema as catalogSchema } from '../../svc-catalog/src/db/schema';
import { chatStatsFor } from '../../svc-chat/src/domain/admin-stats';
import { chatRollups, schema as chatSchema } from '../../svc-chat/src/db/schema';
import { identityStatsFor } from '../../svc-identity/src/domain/admin-stats';
import { identityRollups, schema as identitySchema } from '../../svc-identity/src/db/schema';
import { repoRoot } from './processes';

/** The sizes of history, as messages; users and payments scale with them (one user per ten messages). */
const SIZES = (process.env.BENCH_STATS_MESSAGES ?? '1000000,10000000').split(',').map(Number);
/**
 * Timed calls per range and size. A p95 of a few milliseconds on a shared machine is a stall
 * (another process's turn on the CPU) more than the statements, and which calls the stalls hit
 * is chance: of 200 calls the p95 was the 10th slowest and the ratio of two sizes doing the same
 * work moved between 0.8× and 2×; of 2,000 it is the 100th.
 */
const CALLS = Number(process.env.BENCH_STATS_CALLS ?? 2000);
/** Untimed calls per range and size after the first, so that both sizes start with the same blocks and plans cached. */
const WARM_CALLS = 50;
const RANGES = [7, 30, 90, 365];
const GOAL_MS = 50;

interface Size {
  users: number;
  messages: number;
}

/**
 * One connection per database: its statistics then count every block the calls touch (see
 * blocksSoFar). Statements a compute sends at once (identity's two counts) wait for each other.
 */
const open = <TSchema extends Record<string, unknown>>(service: string, schema: TSchema) =>
  openTestDatabase({ schema, migrationsFolder: join(repoRoot, service, 'migrations'), poolSize: 1 });

/** A user id every service agrees on: the n-th generated user. */
const userId = (n: string) => `('00000000-0000-4000-8000-' || lpad((${n})::text, 12, '0'))`;

async function seedIdentity(db: Db, { users: USERS }: Size): Promise<void> {
  await db.execute(
    sql.raw(`insert into users (id, email, password_hash, created_at, email_confirmed_at)
      select ${userId('i')}::uuid, 'user' || i || '@bench.test', 'x', now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second',
        case when i % 5 = 0 then null else now() - (i % 365) * interval '1 day' end
      from generate_series(1, ${USERS}) as i`),
  );
}

async function seedBilling(db: Db, { users: USERS }: Size): Promise<void> {
  // A third of the users pay: mostly monthly, some annual, a few past due, cancelling or ended.
  await db.execute(
    sql.raw(`insert into subscriptions (id, user_id, status, unit_amount, currency, interval, observed_at, state, product_kind, tier, cancel_at_period_end)
      select 'sub_' || i, ${userId('i')},
        case when i % 50 = 0 then 'past_due' when i % 20 = 0 then 'canceled' else 'active' end,
        case when i % 10 = 0 then 102000 when i % 2 = 0 then 10000 else 5000 end, 'usd',
        case when i % 10 = 0 then 'year' else 'month' end,
        extract(epoch from now())::bigint - (i % 365) * 86400,
        jsonb_build_object('product', jsonb_build_object('kind', 'plan', 'tier', case when i % 2 = 0 then 'professional' else 'starter' end),
          'cancelAtPeriodEnd', i % 30 = 0, 'currentPeriodEnd', extract(epoch from now())::bigint + 86400),
        'plan', case when i % 2 = 0 then 'professional' else 'starter' end, i % 30 = 0
      from generate_series(1, ${USERS}, 3) as i`),
  );
  // Three monthly payments each (a million at a million users), plus credit packs and the odd refund.
  await db.execute(
    sql.raw(`insert into payments (id, user_id, kind, amount, currency, paid_at)
      select 'in_' || i || '_' || m, ${userId('i')}, 'plan', 5000, 'usd', now() - ((i % 28) + m * 30) * interval '1 day'
      from generate_series(1, ${USERS}, 3) as i, generate_series(0, 2) as m`),
  );
  await db.execute(
    sql.raw(`insert into payments (id, user_id, kind, amount, currency, paid_at)
      select 'cs_' || i, ${userId('i')}, case when i % 97 = 0 then 'refund' else 'credit-pack' end, case when i % 97 = 0 then -1500 else 1500 end, 'usd', now() - (i % 365) * interval '1 day'
      from generate_series(2, ${USERS}, 7) as i`),
  );
  // What storing each plan payment keeps: the customer's first one.
  await db.execute(sql.raw(`insert into plan_conversions (user_id, converted_at) select user_id, min(paid_at) from payments where kind = 'plan' group by user_id`));
}

async function seedChat(db: Db, { users: USERS, messages: MESSAGES }: Size): Promise<void> {
  // Half of the messages are the customers', half the agents' replies with their cost.
  await db.execute(
    sql.raw(`insert into chat_messages (user_id, agent_id, role, content, platform_credits_used, created_at)
      select ${userId('1 + (i % ' + USERS + ')')}::uuid, 'agent-' || (i % 20), case when i % 2 = 0 then 'user' else 'assistant' end, 'x',
        case when i % 2 = 0 then 0 else 100 + i % 400 end, now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
      from generate_series(1, ${MESSAGES}) as i`),
  );
}

async function seedCatalog(db: Db, { users: USERS }: Size): Promise<void> {
  await db.execute(
    sql.raw(`insert into course_enrolments (course_id, user_id, source, created_at)
      select case when i % 2 = 0 then 'ai-fundamentals' else 'build-ai-agents' end, ${userId('i')}::uuid, 'subscription', now() - (i % 365) * interval '1 day'
      from generate_series(1, ${USERS}, 5) as i`),
  );
  // Ten published lessons a course; each member has completed between none and all ten of theirs.
  await db.execute(
    sql.raw(`insert into course_lessons (course_id, module_index, position, title, body, html, estimated_minutes, is_published)
      select c, 0, p, 'Lesson ' || p, '', '', 10, true
      from unnest(array['ai-fundamentals', 'build-ai-agents']) as c, generate_series(0, 9) as p`),
  );
  await db.execute(
    sql.raw(`insert into lesson_completions (user_id, lesson_id, course_id, completed_at)
      select e.user_id, l.id, e.course_id, least(now(), e.created_at + l.position * interval '1 day')
      from course_enrolments e join course_lessons l on l.course_id = e.course_id
      where l.position < (extract(epoch from e.created_at)::bigint / 86400) % 11`),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A range of `days` ending today, as the overview asks for it. */
function lastDays(days: number): StatsRange {
  const now = Date.now();
  return { from: new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) };
}

interface Measured {
  p50: number;
  p95: number;
  /** Shared blocks (hit or read) per timed call, from the database's statistics; null on PGlite. */
  blocks: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The blocks the database's statements have touched so far. The bench's databases have one
 * connection each, whose counts are flushed here first: the difference over the timed calls is
 * then theirs alone. Unlike a time, it does not move with the machine's load, so a statement that
 * reads more as history grows shows here however noisy the milliseconds are.
 */
async function blocksSoFar(db: Db): Promise<number> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf<{ blocks: string }>(await db.execute(sql`select blks_hit + blks_read as blocks from pg_stat_database where datname = current_database()`));
  return Number(row!.blocks);
}

/** Autovacuum (when the server runs it) over a freshly loaded or moved table would slow that size's reads only: it is let finish first. */
async function autovacuumFinished(db: Db): Promise<number> {
  const started = performance.now();
  for (;;) {
    const [row] = rowsOf<{ workers: string }>(
      await db.execute(sql`select count(*) as workers from pg_stat_activity where backend_type = 'autovacuum worker' and datname = current_database()`),
    );
    if (Number(row!.workers) === 0) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface Opened {
  db: Db;
  compute: (range: StatsRange) => Promise<unknown>;
  /** PostgreSQL, where the blocks are counted and autovacuum may run. */
  server: boolean;
}

/**
 * p50 and p95 of CALLS calls of each size's compute, one call of each size in turn (the order
 * swapped every round, so that neither size always runs right after the other): the sizes share
 * every stall of the machine, which a few milliseconds' figure otherwise follows. Before the
 * timed calls every size has had the same untimed ones, its writes checkpointed, and autovacuum
 * (if any) finished.
 */
async function measureSideBySide(sizes: Opened[], days: number, settle: () => Promise<void>): Promise<{ measured: Measured[]; waitedMs: number }> {
  const range = lastDays(days);
  // The first call of a day may build or move a window (chat's customers); what follows is every
  // other call of that day, after autovacuum has been over what the move wrote.
  for (const size of sizes) await size.compute(range);
  await settle();
  let waitedMs = 0;
  for (const size of sizes) {
    if (!size.server) continue;
    // A window move at 10M dirties ten times the pages; written here, not by the checkpointer during the timed calls.
    await size.db.execute(sql`checkpoint`);
    waitedMs += await autovacuumFinished(size.db);
  }
  for (let call = 0; call < WARM_CALLS; call += 1) for (const size of sizes) await size.compute(range);
  const before = await Promise.all(sizes.map((size) => (size.server ? blocksSoFar(size.db) : null)));
  const times = sizes.map((): number[] => []);
  for (let round = 0; round < CALLS; round += 1) {
    const order = round % 2 === 0 ? sizes.keys() : [...sizes.keys()].reverse();
    for (const index of order) {
      const started = performance.now();
      await sizes[index]!.compute(range);
      times[index]!.push(performance.now() - started);
    }
  }
  const after = await Promise.all(sizes.map((size) => (size.server ? blocksSoFar(size.db) : null)));
  const measured = times.map((sizeTimes, index) => {
    const sorted = [...sizeTimes].sort((x, y) => x - y);
    const from = before[index] ?? null;
    const to = after[index] ?? null;
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), blocks: from === null || to === null ? null : (to - from) / CALLS };
  });
  return { measured, waitedMs };
}

/**
 * Rebuilds each rollup from its recomputation view, in one statement (what a migration's backfill
 * does), in the order of its keys: a year of the service's writes leaves a day's rows side by side
 * (a day's replies write that day's rows), where the view's hash aggregation would scatter them
 * over the whole table and a read of one day (chat's customers of today) would touch a block per row.
 */
async function backfill(db: Db, rollups: readonly RollupDefinition[]): Promise<void> {
  for (const rollup of rollups) {
    const columns = [...rollup.keys, ...rollup.values].map((column) => `"${column}"`).join(', ');
    const keys = rollup.keys.map((column) => `"${column}"`).join(', ');
    await db.execute(sql.raw(`truncate "${rollup.table}"`));
    await db.execute(sql.raw(`insert into "${rollup.table}" (${columns}) select ${columns} from "${rollup.recomputed}" order by ${keys}`));
  }
}

/** Seeds with the tables' triggers off (one statement per table, not a trigger call per row), then backfills the rollups. */
async function seedWithoutTriggers(db: Db, tables: readonly string[], seed: () => Promise<void>, rollups: readonly RollupDefinition[]): Promise<void> {
  for (const table of tables) await db.execute(sql.raw(`alter table "${table}" disable trigger user`));
  try {
    await seed();
  } finally {
    for (const table of tables) await db.execute(sql.raw(`alter table "${table}" enable trigger user`));
  }
  await backfill(db, rollups);
}

interface ServiceBench {
  name: string;
  open: () => Promise<Database<Record<string, unknown>>>;
  seed: (db: Db, size: Size) => Promise<void>;
  compute: (db: Db, range: StatsRange) => Promise<unknown>;
  /** The rollup tables, vacuumed after the first call of a range as autovacuum would. */
  rollups: readonly string[];
}

const SERVICES: ServiceBench[] = [
  {
    name: 'identity',
    open: () => open('svc-identity', identitySchema),
    seed: (db, size) => seedWithoutTriggers(db, ['users'], () => seedIdentity(db, size), identityRollups),
    compute: (db, range) => identityStatsFor(db as never, range),
    rollups: identityRollups.map((rollup) => rollup.table),
  },
  {
    name: 'billing',
    open: () => open('svc-billing', billingSchema),
    seed: (db, size) => seedWithoutTriggers(db, ['subscriptions', 'payments', 'plan_conversions'], () => seedBilling(db, size), billingRollups),
    compute: (db, range) => billingStatsFor(db, range),
    rollups: billingRollups.map((rollup) => rollup.table),
  },
  {
    name: 'chat',
    open: () => open('svc-chat', chatSchema),
    seed: (db, size) => seedWithoutTriggers(db, ['chat_messages'], () => seedChat(db, size), chatRollups),
    compute: (db, range) => chatStatsFor(db as never, range),
    rollups: chatRollups.map((rollup) => rollup.table),
  },
  {
    name: 'catalog',
    open: () => open('svc-catalog', catalogSchema),
    seed: (db, size) => seedWithoutTriggers(db, ['course_enrolments', 'lesson_completions'], () => seedCatalog(db, size), catalogRollups),
    compute: (db, range) => catalogStatsFor(db, range),
    rollups: catalogRollups.map((rollup) => rollup.table),
  },
];

const label = (size: Size) => `${(size.messages / 1_000_000).toLocaleString('en-US')}M`;
const figures = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(' / ');

/** Each service's figures per range at each size of history, the largest next to the smallest with their ratio. */
export async function benchAdminStats(): Promise<void> {
  const driver = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const sizes: Size[] = SIZES.map((messages) => ({ messages, users: Math.round(messages / 10) }));
  const only = new Set((process.env.BENCH_STATS_SERVICES ?? SERVICES.map((service) => service.name).join(',')).split(','));
  const names = sizes.map(label).join(' / ');
  console.log(
    `\nAdmin stats — ${driver}, at ${sizes.map((size) => `${label(size)} (${size.users.toLocaleString('en-US')} users, ${size.messages.toLocaleString('en-US')} messages)`).join(' and ')}`,
  );
  console.log(
    `  Per range: the first call (it may move a window) and a vacuum of the rollups, untimed; a checkpoint; ${WARM_CALLS} untimed calls per size; then ${CALLS} timed calls per size, one of each size in turn. Blocks: shared blocks hit or read per timed call. Goal: p95 ≤ ${GOAL_MS} ms, the largest within 1.2× of the smallest.`,
  );
  console.log(
    `  ${'service'.padEnd(9)} ${'range'.padStart(5)}  ${`p50 ${names} ms`.padEnd(22)} ${`p95 ${names} ms`.padEnd(22)} ${'p95 ratio'.padEnd(9)}  blocks per call ${names}`,
  );
  for (const service of SERVICES.filter((candidate) => only.has(candidate.name))) {
    // Every size stays open, so that the ranges are measured on all of them in the same minutes.
    const databases: Database<Record<string, unknown>>[] = [];
    try {
      const seeded: string[] = [];
      for (const size of sizes) {
        const database = await service.open();
        databases.push(database);
        const seeding = performance.now();
        await service.seed(database.db, size);
        // A year's history has been vacuumed and checkpointed as it was written; a bulk load has
        // not, and autovacuum and the checkpointer would then run over the larger one during its
        // reads, and only there.
        await database.db.execute(sql`vacuum analyze`);
        await database.db.execute(sql`checkpoint`);
        seeded.push(`${label(size)} seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      }
      const settle = async () => {
        for (const { db } of databases) for (const table of service.rollups) await db.execute(sql.raw(`vacuum analyze "${table}"`));
      };
      const opened = databases.map(({ db, driver: kind }) => ({ db, server: kind === 'postgres', compute: (range: StatsRange) => service.compute(db, range) }));
      let waitedMs = 0;
      for (const days of RANGES) {
        const result = await measureSideBySide(opened, days, settle);
        waitedMs += result.waitedMs;
        const p95s = result.measured.map((size) => size.p95);
        const ratio = p95s.length > 1 ? `${(p95s[p95s.length - 1]! / p95s[0]!).toFixed(2)}×` : '';
        const blocks = result.measured.every((size) => size.blocks !== null)
          ? figures(
              result.measured.map((size) => size.blocks!),
              1,
            )
          : 'not counted';
        console.log(
          `  ${service.name.padEnd(9)} ${`${days} d`.padStart(5)}  ${figures(
            result.measured.map((size) => size.p50),
            1,
          ).padEnd(22)} ${figures(p95s, 1).padEnd(22)} ${ratio.padEnd(9)}  ${blocks}`,
        );
      }
      const waited = waitedMs >= 1000 ? `, waited ${(waitedMs / 1000).toFixed(0)} s for autovacuum` : '';
      console.log(`  ${''.padEnd(9)} (${seeded.join(', ')}${waited})`);
    } finally {
      for (const database of databases) await database.close();
    }
  }
}
