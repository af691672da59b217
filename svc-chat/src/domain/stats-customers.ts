import { STATS_TOP_CUSTOMERS, type StatsRange } from '@agentdock/contracts';
import { type Db, inTransaction, type Tx } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { chatCustomerDaily, chatCustomerWindowCounts, chatCustomerWindows, chatCustomerWindowTotals, type ChatSchema } from '../db/schema';

/** The admin console's preset ranges (and a year): the last `days` days, today included, read from a window. */
export const CUSTOMER_WINDOW_DAYS = [7, 30, 90, 365] as const;

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

/** Taken shared by every change the reply trigger adds to the windows, exclusive by a window's move (migration 0020). */
const windowsLock = sql`hashtext('chat_customer_windows')`;

/**
 * The customers with web replies in a range and the heaviest of them. A preset range ending today
 * reads its window: the first rows of its rank index and its counters, whatever the history or
 * the day's traffic. Any other range adds up its days' per-customer rollup rows.
 */
export async function customerFiguresFor(db: Db<ChatSchema>, range: StatsRange, now = Date.now()): Promise<CustomerFigures> {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  const fitsWindow = (CUSTOMER_WINDOW_DAYS as readonly number[]).includes(days) && range.to === isoDay(now);
  return fitsWindow ? fromWindow(db, days, range.from) : fromDays(db, range);
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

/**
 * A window's heaviest customers, in the order of its rank index, so that the read stops at the
 * index's first rows. The id stays the uuid it is (the drivers hand it over as text anyway): with
 * `user_id::text as user_id` in the select list, ORDER BY ranks that text, which the index does
 * not hold, and every customer tied with the last one shown is then read and sorted, a tie that
 * grows with the customers (1,791 rows of a 30-day window at a million users, 31 at 100,000).
 */
export const windowTop = (days: number) => sql`
  select user_id, messages, credits from ${chatCustomerWindowTotals} where days = ${days}
  order by credits desc nulls last, messages desc nulls last, user_id limit ${STATS_TOP_CUSTOMERS}`;

async function fromWindow(db: Db<ChatSchema>, days: number, fromDay: string): Promise<CustomerFigures> {
  const [current] = await db
    .select()
    .from(chatCustomerWindows)
    .where(sql`${chatCustomerWindows.days} = ${days}`);
  if (current?.fromDay !== fromDay) await inTransaction(db, (tx) => moveWindow(tx, days, fromDay));
  const top = rowsOf<CustomerRow>(await db.execute(windowTop(days)));
  const [counted] = rowsOf<{ customers: number | string }>(
    await db.execute(sql`select coalesce(sum(customers), 0) as customers from ${chatCustomerWindowCounts} where days = ${days}`),
  );
  return { activeCustomers: Number(counted?.customers ?? 0), topCustomers: ranked(top) };
}

/**
 * Brings a window to start at `fromDay`: takes off the days that left it, or adds up all its days
 * when it is new, moved back, or so far behind that none of its days stay. The exclusive lock
 * makes the replies being written wait (or the move wait for them): each change is then either in
 * the days taken off or added after the move, by the trigger, to the window as moved.
 */
async function moveWindow(tx: Tx<ChatSchema>, days: number, fromDay: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${windowsLock})`);
  const [old] = await tx
    .select()
    .from(chatCustomerWindows)
    .where(sql`${chatCustomerWindows.days} = ${days}`);
  if (old?.fromDay === fromDay) return;
  if (old && old.fromDay < fromDay && dayNumber(fromDay) - dayNumber(old.fromDay) < days) {
    // Only customers with a total in the window had replies on the days that leave it (a day's
    // row that went back to zero is left in place, and must not count one customer gone).
    await tx.execute(sql`
      update ${chatCustomerWindowTotals} as t set messages = t.messages - leaving.messages, credits = t.credits - leaving.credits
      from (
        select user_id, sum(messages) as messages, sum(credits) as credits from ${chatCustomerDaily}
        where day >= ${old.fromDay}::date and day < ${fromDay}::date
        group by user_id having sum(messages) <> 0 or sum(credits) <> 0
      ) as leaving
      where t.days = ${days} and t.user_id = leaving.user_id`);
    await tx.execute(sql`
      with gone as (delete from ${chatCustomerWindowTotals} where days = ${days} and messages = 0 returning 1)
      insert into ${chatCustomerWindowCounts} as c (days, shard, customers) select ${days}, 0, -count(*) from gone
      on conflict (days, shard) do update set customers = c.customers + excluded.customers`);
  } else {
    await tx.execute(sql`delete from ${chatCustomerWindowTotals} where days = ${days}`);
    await tx.execute(sql`delete from ${chatCustomerWindowCounts} where days = ${days}`);
    await tx.execute(sql`
      insert into ${chatCustomerWindowTotals} (days, user_id, messages, credits)
      select ${days}, user_id, sum(messages), sum(credits) from ${chatCustomerDaily}
      where day >= ${fromDay}::date group by user_id having sum(messages) <> 0`);
    await tx.execute(sql`
      insert into ${chatCustomerWindowCounts} (days, shard, customers)
      select ${days}, 0, count(*) from ${chatCustomerWindowTotals} where days = ${days}`);
  }
  await tx.execute(sql`
    insert into ${chatCustomerWindows} (days, from_day) values (${days}, ${fromDay}::date)
    on conflict (days) do update set from_day = excluded.from_day`);
  // The planner must see the window's new size to rank it by index rather than read it whole.
  await tx.execute(sql`analyze ${chatCustomerWindowTotals}`);
}
