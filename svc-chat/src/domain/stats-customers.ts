import { STATS_TOP_CUSTOMERS, type StatsRange } from '@agentdock/contracts';
import { type Db, inTransaction, type Tx } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { chatCustomerDaily, chatCustomerWindows, chatCustomerWindowTotals, type ChatSchema } from '../db/schema';

/** The admin console's preset ranges (and a year): the last `days` days, today included, read from a window. */
export const CUSTOMER_WINDOW_DAYS = [7, 30, 90, 365] as const;

/**
 * How long after midnight (UTC) a day counts as settled: a reply's row is dated when its
 * transaction began, so one begun just before midnight may commit a little after; a window moves
 * over a day only once such late rows have had this long to land.
 */
const SETTLE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface CustomerFigures {
  activeCustomers: number;
  topCustomers: Array<{ userId: string; messages: number; credits: number }>;
}

interface CustomerRow {
  user_id: string;
  messages: number | string;
  credits: number | string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const ranked = (rows: CustomerRow[]) =>
  rows
    .map((row) => ({ userId: row.user_id, messages: Number(row.messages), credits: Number(row.credits) }))
    .sort((a, b) => b.credits - a.credits || b.messages - a.messages || a.userId.localeCompare(b.userId))
    .slice(0, STATS_TOP_CUSTOMERS);

/**
 * The customers with web replies in a range and the heaviest of them. A preset range ending today
 * reads its window (the settled days' totals, ranked by an index) and the few days since; any other
 * range adds up its days' per-customer rollup rows.
 */
export async function customerFiguresFor(db: Db<ChatSchema>, range: StatsRange, now = Date.now()): Promise<CustomerFigures> {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  const settledThrough = isoDay(now - DAY_MS - SETTLE_MS);
  const fitsWindow = (CUSTOMER_WINDOW_DAYS as readonly number[]).includes(days) && range.to === isoDay(now) && settledThrough >= range.from;
  return fitsWindow ? fromWindow(db, days, range, settledThrough) : fromDays(db, range);
}

async function fromDays(db: Db<ChatSchema>, range: StatsRange): Promise<CustomerFigures> {
  const rows = rowsOf<CustomerRow & { customers: number | string }>(
    await db.execute(sql`
      with usage as (
        select user_id, sum(messages) as messages, sum(credits) as credits from ${chatCustomerDaily}
        where day >= ${range.from}::date and day <= ${range.to}::date group by user_id having sum(messages) > 0
      )
      select user_id::text as user_id, messages::bigint as messages, credits::bigint as credits, count(*) over () as customers
      from usage order by credits desc, messages desc, user_id::text limit ${STATS_TOP_CUSTOMERS}`),
  );
  return { activeCustomers: Number(rows[0]?.customers ?? 0), topCustomers: ranked(rows) };
}

async function fromWindow(db: Db<ChatSchema>, days: number, range: StatsRange, settledThrough: string): Promise<CustomerFigures> {
  const window = await windowThrough(db, days, range.from, settledThrough);
  // A customer without replies since the window's last settled day keeps their window total, so
  // the best of them are the first window rows (by the rank index) that are not live; those with
  // replies since are added up with their window total, once.
  for (let settledShown = STATS_TOP_CUSTOMERS * 4; ; settledShown *= 8) {
    const rows = rowsOf<CustomerRow & { settled: boolean; newcomers: number | string }>(
      await db.execute(sql`
        with live as materialized (
          select user_id, sum(messages) as messages, sum(credits) as credits from ${chatCustomerDaily}
          where day > ${window.throughDay}::date and day <= ${range.to}::date group by user_id having sum(messages) > 0
        ),
        merged as materialized (
          select l.user_id, l.messages + coalesce(t.messages, 0) as messages, l.credits + coalesce(t.credits, 0) as credits, t.user_id is null as newcomer
          -- One index probe per live customer (limit keeps the planner from reading the window whole).
          from live l left join lateral (
            select user_id, messages, credits from ${chatCustomerWindowTotals} w where w.days = ${days} and w.user_id = l.user_id limit 1
          ) t on true
        ),
        settled as (
          select t.user_id, t.messages, t.credits from (
            select user_id, messages, credits from ${chatCustomerWindowTotals} where days = ${days}
            order by credits desc nulls last, messages desc nulls last, user_id limit ${settledShown}
          ) t where not exists (select 1 from live l where l.user_id = t.user_id)
        ),
        best as (
          select user_id, messages, credits, true as settled from settled
          union all
          (select user_id, messages, credits, false from merged order by credits desc, messages desc, user_id::text limit ${STATS_TOP_CUSTOMERS})
        )
        select user_id::text as user_id, messages::bigint as messages, credits::bigint as credits, settled,
          (select count(*) from merged where newcomer) as newcomers
        from best`),
    );
    const settled = rows.filter((row) => row.settled).length;
    if (settled >= STATS_TOP_CUSTOMERS || settledShown >= window.customers) {
      return { activeCustomers: window.customers + Number(rows[0]?.newcomers ?? 0), topCustomers: ranked(rows) };
    }
  }
}

interface WindowState {
  fromDay: string;
  throughDay: string;
  customers: number;
}

/** The window of `days` days, moved forward first if it is behind (once a day, by the first stats read). */
async function windowThrough(db: Db<ChatSchema>, days: number, fromDay: string, throughDay: string): Promise<WindowState> {
  const [current] = await db
    .select()
    .from(chatCustomerWindows)
    .where(sql`${chatCustomerWindows.days} = ${days}`);
  if (current && current.fromDay === fromDay && current.throughDay === throughDay) return current;
  return inTransaction(db, (tx) => moveWindow(tx, days, fromDay, throughDay));
}

/**
 * Brings a window to `fromDay`..`throughDay`: adds the days that entered and takes off those that
 * left, or adds up all its days when they do not overlap. Its row stays locked until the commit,
 * so a concurrent change on one of its days waits in the trigger and then counts in the new one.
 */
async function moveWindow(tx: Tx<ChatSchema>, days: number, fromDay: string, throughDay: string): Promise<WindowState> {
  await tx.execute(sql`insert into ${chatCustomerWindows} (days, from_day, through_day) values (${days}, ${fromDay}::date, (${fromDay}::date - 1)) on conflict (days) do nothing`);
  const [old] = await tx
    .select()
    .from(chatCustomerWindows)
    .where(sql`${chatCustomerWindows.days} = ${days}`)
    .for('update');
  if (old!.fromDay === fromDay && old!.throughDay === throughDay) return old!;
  const overlaps = old!.throughDay >= old!.fromDay && fromDay >= old!.fromDay && throughDay >= old!.throughDay && fromDay <= old!.throughDay;
  if (overlaps) {
    await tx.execute(sql`
      insert into ${chatCustomerWindowTotals} as t (days, user_id, messages, credits)
      select ${days}, user_id,
        sum(case when day > ${old!.throughDay}::date then messages else -messages end),
        sum(case when day > ${old!.throughDay}::date then credits else -credits end)
      from ${chatCustomerDaily}
      where (day > ${old!.throughDay}::date and day <= ${throughDay}::date) or (day >= ${old!.fromDay}::date and day < ${fromDay}::date)
      group by user_id
      on conflict (days, user_id) do update set messages = t.messages + excluded.messages, credits = t.credits + excluded.credits`);
    await tx.execute(sql`delete from ${chatCustomerWindowTotals} where days = ${days} and messages = 0`);
  } else {
    await tx.execute(sql`delete from ${chatCustomerWindowTotals} where days = ${days}`);
    await tx.execute(sql`
      insert into ${chatCustomerWindowTotals} (days, user_id, messages, credits)
      select ${days}, user_id, sum(messages), sum(credits) from ${chatCustomerDaily}
      where day >= ${fromDay}::date and day <= ${throughDay}::date group by user_id having sum(messages) <> 0`);
  }
  const [moved] = await tx
    .update(chatCustomerWindows)
    .set({ fromDay, throughDay, customers: sql`(select count(*) from ${chatCustomerWindowTotals} where days = ${days})` })
    .where(sql`${chatCustomerWindows.days} = ${days}`)
    .returning();
  // The planner must see the window's new size to rank it by index rather than read it whole.
  await tx.execute(sql`analyze ${chatCustomerWindowTotals}`);
  return moved!;
}
