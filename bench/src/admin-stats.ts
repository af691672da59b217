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
const CALLS = Number(process.env.BENCH_STATS_CALLS ?? 200);
/** Calls in a row on one size of history before the next size's: the sizes share the machine's drift. */
const CALLS_IN_A_ROW = 20;
const RANGES = [7, 30, 90, 365];
const GOAL_MS = 50;

interface Size {
  users: number;
  messages: number;
}

const open = <TSchema extends Record<string, unknown>>(service: string, schema: TSchema) => openTestDatabase({ schema, migrationsFolder: join(repoRoot, service, 'migrations') });

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

/**
 * p95 of CALLS calls of each of `computes` (one per size of history), taken in turns of
 * CALLS_IN_A_ROW: a figure of a few milliseconds moves with the machine's load from one minute to
 * the next, and measured one size after the other that drift, not the history, made the ratio.
 */
async function measureSideBySide(computes: ((range: StatsRange) => Promise<unknown>)[], days: number, settle: () => Promise<void>): Promise<number[]> {
  const range = lastDays(days);
  // The first call of a day may build or move a window (chat's customers); what follows is every
  // other call of that day, after autovacuum has been over what the move wrote.
  for (const compute of computes) await compute(range);
  await settle();
  const times = computes.map((): number[] => []);
  while (times[0]!.length < CALLS) {
    for (const [index, compute] of computes.entries()) {
      for (let call = 0; call < CALLS_IN_A_ROW; call += 1) {
        const started = performance.now();
        await compute(range);
        times[index]!.push(performance.now() - started);
      }
    }
  }
  return times.map((sizeTimes) =>
    percentile(
      [...sizeTimes].sort((a, b) => a - b),
      95,
    ),
  );
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

/** Each service's p95 per range at each size of history, the largest next to the smallest with their ratio. */
export async function benchAdminStats(): Promise<void> {
  const driver = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const sizes: Size[] = SIZES.map((messages) => ({ messages, users: Math.round(messages / 10) }));
  const only = new Set((process.env.BENCH_STATS_SERVICES ?? SERVICES.map((service) => service.name).join(',')).split(','));
  console.log(
    `\nAdmin stats — ${driver}; p95 of ${CALLS} calls per range and size, the sizes taking turns, at ${sizes.map((size) => `${label(size)} (${size.users.toLocaleString('en-US')} users, ${size.messages.toLocaleString('en-US')} messages)`).join(' and ')} (goal: p95 ≤ ${GOAL_MS} ms, the largest within 1.2× of the smallest)`,
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
      const computes = databases.map(
        ({ db }) =>
          (range: StatsRange) =>
            service.compute(db, range),
      );
      const cells = [];
      for (const days of RANGES) {
        const p95s = await measureSideBySide(computes, days, settle);
        const ratio = p95s.length > 1 ? ` (${(p95s[p95s.length - 1]! / p95s[0]!).toFixed(2)}×)` : '';
        cells.push(`${days} d ${p95s.map((p95) => p95.toFixed(1)).join(' / ')} ms${ratio}`);
      }
      console.log(`  ${service.name.padEnd(9)} ${cells.join('   ')}   (${seeded.join(', ')})`);
    } finally {
      for (const database of databases) await database.close();
    }
  }
}
