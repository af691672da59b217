import { type StatementEvent, type StatementLine, type StatementLineKind, type StatementQuery, type StatementResponse, statementText, utcDayStart } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import type { ChatSchema } from '../../db/schema';

const DAY_MS = 86_400_000;

/** The ledger's kinds as the statement names them; a reply's reservation, settlement and release make one line. */
const LINE_KIND: Record<string, StatementLineKind> = {
  grant: 'refill',
  expiry: 'expiry',
  'top-up': 'top-up',
  'admin-adjustment': 'adjustment',
  refund: 'refund',
  'plan-change': 'plan-change',
};

export interface StatementRange {
  start: Date | null;
  end: Date | null;
}

/** Whole UTC days, both ends included: [start of `from`, end of `to`). */
export function statementRange(query: { from?: string; to?: string }): StatementRange {
  const start = query.from ? utcDayStart(query.from) : null;
  const last = query.to ? utcDayStart(query.to) : null;
  return { start, end: last && new Date(last.getTime() + DAY_MS) };
}

export interface StatementRow {
  line_id: string;
  kind: string;
  credits: string | number;
  ended: boolean;
  at: string;
  reason: string | null;
  balance: string | number;
  total_lines: string | number;
  web_agent_name: string | null;
  is_web_reply: boolean;
  api_agent_key: string | null;
  key_name: string | null;
}

/**
 * One query over the user's ledger: the rows of each reply grouped into one line, the running
 * balance summed in ledger order over all of them (so a filtered page still shows the true
 * balance after each line), then the date range and the page cut, newest first. Rows written in
 * one transaction share their time; the period start's expiry sorts before its refill. `'all'`
 * reads every line oldest first, uncounted, for the CSV. `memberId`: of a team pool's ledger, only
 * the lines of that member's spending, each still with the pool's balance after it.
 */
export function statementSql(userId: string, range: StatementRange, page: { limit: number; offset: number } | 'all', memberId: string | null = null) {
  return sql`
    with entries as (
      select id, kind, plan_delta + purchased_delta as delta, message_id, reason, created_at, member_id,
        case when kind in ('reservation', 'settlement', 'release') then 'm' || message_id::text else 'r' || id::text end as line_id,
        case kind when 'expiry' then 0 when 'grant' then 1 else 2 end as rank
      from chat_wallet_ledger
      where user_id = ${userId}::uuid
    ), lines as (
      select line_id,
        case when bool_or(kind in ('reservation', 'settlement', 'release')) then 'reply' else min(kind) end as kind,
        (array_agg(message_id))[1] as message_id,
        sum(delta)::bigint as credits,
        bool_or(kind in ('settlement', 'release')) as ended,
        min(created_at) as at, min(rank) as rank, max(reason) as reason,
        -- The reservation names the member; a reply's other rows may not.
        max(member_id::text) as member_id
      from entries
      group by line_id
    ), running as (
      select *, sum(credits) over (order by at, rank, line_id rows between unbounded preceding and current row)::bigint as balance
      from lines
    ), shown as (
      select * from running
      -- A reply that failed gave everything back: it cost nothing and is no event for the customer.
      where not (kind = 'reply' and ended and credits = 0)
        and (${memberId}::text is null or member_id = ${memberId}::text)
        and (${range.start?.toISOString() ?? null}::timestamptz is null or at >= ${range.start?.toISOString() ?? null}::timestamptz)
        and (${range.end?.toISOString() ?? null}::timestamptz is null or at < ${range.end?.toISOString() ?? null}::timestamptz)
    )
    select shown.line_id, shown.kind, shown.credits, shown.ended, shown.reason, shown.balance,
      to_char(shown.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      ${page === 'all' ? sql`0` : sql`count(*) over ()`} as total_lines,
      message.id is not null as is_web_reply,
      coalesce(web_agent.name, refund_agent.name) as web_agent_name,
      api_agent.key as api_agent_key, api_key.name as key_name
    from shown
    left join chat_messages as message on message.id = shown.message_id
    left join chat_agents as web_agent on web_agent.id::text = message.agent_id and shown.kind = 'reply'
    left join chat_agents as refund_agent on refund_agent.id::text = message.agent_id and shown.kind = 'refund'
    left join chat_api_requests as request on request.id = shown.message_id
    left join chat_agents as api_agent on api_agent.id::text = request.agent_id
    left join chat_api_keys as api_key on api_key.id = request.key_id
    ${page === 'all' ? sql`order by shown.at, shown.rank, shown.line_id` : sql`order by shown.at desc, shown.rank desc, shown.line_id desc limit ${page.limit} offset ${page.offset}`}`;
}

export function toLine(row: StatementRow): StatementLine {
  const credits = Number(row.credits);
  const reply = row.kind === 'reply';
  const kind: StatementLineKind = reply ? (row.is_web_reply || !row.ended ? 'reply' : 'api') : (LINE_KIND[row.kind] ?? 'adjustment');
  const event: StatementEvent = {
    kind,
    credits,
    inProgress: reply && !row.ended,
    agentName: row.web_agent_name,
    agentKey: row.api_agent_key,
    keyName: row.key_name,
    reason: row.reason,
  };
  return { id: row.line_id, at: row.at, kind, text: statementText(event), credits, balance: Number(row.balance), inProgress: reply && !row.ended };
}

/**
 * The user's statement in the query's date range and page; `balance` is the wallet's balance now (0
 * without a wallet). For a team's pool (`userId` the team's), `memberId` keeps one member's lines.
 */
export async function statementOf(db: Db<ChatSchema>, userId: string, query: StatementQuery, balance: number, memberId: string | null = null): Promise<StatementResponse> {
  const result = await db.execute(statementSql(userId, statementRange(query), { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }, memberId));
  const rows = (result as unknown as { rows: StatementRow[] }).rows;
  return {
    lines: rows.map(toLine),
    page: query.page,
    pageSize: query.pageSize,
    totalLines: Number(rows[0]?.total_lines ?? (query.page > 1 ? await countLines(db, userId, query, memberId) : 0)),
    balance,
  };
}

/** A page past the end has no row to carry the count: ask for the first line of the range instead. */
async function countLines(db: Db<ChatSchema>, userId: string, query: StatementQuery, memberId: string | null): Promise<number> {
  return (await statementOf(db, userId, { ...query, page: 1, pageSize: 1 }, 0, memberId)).totalLines;
}
