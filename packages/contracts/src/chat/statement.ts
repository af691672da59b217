import * as z from 'zod/mini';
import { utcDayStart } from '../admin/stats';
import { CHAT_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { CHAT_ADMIN_BASE } from './endpoints';
import { formatCreditCount } from './rules';

/**
 * The statement: the wallet ledger in words, one line per event a customer recognises. A reply's
 * reservation, settlement and release are one line (its charge); a reply that failed costs
 * nothing and has no line. Reservations are internal and never appear as such.
 */
export const STATEMENT_LINE_KINDS = ['reply', 'api', 'top-up', 'refill', 'expiry', 'adjustment', 'refund', 'plan-change'] as const;
export const statementLineKind = z.enum(STATEMENT_LINE_KINDS);
export type StatementLineKind = z.infer<typeof statementLineKind>;

export const statementLine = z.object({
  id: z.string(),
  at: z.string().check(z.iso.datetime()),
  kind: statementLineKind,
  text: z.string(),
  /** Signed: what the event added to (positive) or took from (negative) the balance. */
  credits: z.number().check(z.int()),
  /** The balance after this line (plan plus purchased credits). */
  balance: z.number().check(z.int()),
  /** A reply still being written: its line shows what it holds until it is settled. */
  inProgress: z.boolean(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const STATEMENT_PAGE_SIZE = 50;
export const STATEMENT_MAX_PAGE_SIZE = 500;

const day = z.optional(
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'),
    z.refine((value) => utcDayStart(value) !== null, 'Enter a real calendar date.'),
  ),
);

const rangeInOrder = z.refine<{ from?: string; to?: string }>((query) => !query.from || !query.to || query.from <= query.to, {
  message: 'The end of the range must not be before its start.',
  path: ['to'],
});

/** GET …/statement?from=YYYY-MM-DD&to=YYYY-MM-DD&page=1&pageSize=50: whole UTC days, both ends included, newest line first. */
export const statementQuery = z
  .object({
    from: day,
    to: day,
    page: z._default(z.coerce.number().check(z.int('Page must be a whole number'), z.gte(1, 'Page starts at 1'), z.lte(1_000_000, 'Page too large')), 1),
    pageSize: z._default(
      z.coerce
        .number()
        .check(z.int('Page size must be a whole number'), z.gte(1, 'Page size is at least 1'), z.lte(STATEMENT_MAX_PAGE_SIZE, `Page size is at most ${STATEMENT_MAX_PAGE_SIZE}`)),
      STATEMENT_PAGE_SIZE,
    ),
  })
  .check(rangeInOrder);
export type StatementQuery = z.infer<typeof statementQuery>;

export const statementResponse = z.object({
  lines: z.array(statementLine),
  page: z.number().check(z.int(), z.gte(1)),
  pageSize: z.number().check(z.int(), z.gte(1)),
  /** Lines in the date range, over all pages. */
  totalLines: z.number().check(z.int(), z.nonnegative()),
  /** The wallet's balance now (the newest line's running balance when nothing is filtered out). */
  balance: z.number().check(z.int()),
});
export type StatementResponse = z.infer<typeof statementResponse>;

/** What a line's words are made of: the ledger's figures and the names behind them. */
export interface StatementEvent {
  kind: StatementLineKind;
  credits: number;
  inProgress?: boolean;
  agentName?: string | null;
  agentKey?: string | null;
  keyName?: string | null;
  reason?: string | null;
}

const signed = (credits: number) => `${credits > 0 ? '+' : credits < 0 ? '−' : ''}${formatCreditCount(Math.abs(credits))}`;
const amount = (credits: number) => formatCreditCount(Math.abs(credits));

/**
 * A line in words.
 * @example statementText({ kind: 'reply', credits: -15_300, agentName: 'Meeting Prep' }); // 'Reply from Meeting Prep · 15,300 credits'
 */
export function statementText(event: StatementEvent): string {
  switch (event.kind) {
    case 'reply':
      // Until it ends, neither the chat's reply nor the API's request record exists: what it holds is all there is to say.
      return event.inProgress ? `Reply in progress · ${amount(event.credits)} credits held` : `Reply from ${event.agentName ?? 'an agent'} · ${amount(event.credits)} credits`;
    case 'api':
      return `API · ${event.agentKey ?? 'unknown agent'} · key ‘${event.keyName || 'unnamed'}’ · ${amount(event.credits)}`;
    case 'top-up':
      return `Top-up ${amount(event.credits)}`;
    case 'refill':
      return `Monthly refill ${amount(event.credits)}`;
    case 'expiry':
      return `Expired ${amount(event.credits)} unused plan credits`;
    case 'adjustment':
      return `Adjusted by support: ${signed(event.credits)}${event.reason ? ` (${event.reason})` : ''}`;
    case 'refund':
      return `Refund of a reply${event.agentName ? ` from ${event.agentName}` : ''} · ${amount(event.credits)} credits`;
    case 'plan-change':
      return `Plan change${event.reason ? ` (${event.reason})` : ''}: ${signed(event.credits)} plan credits`;
  }
}

/** GET …/statement/csv?from&to: every line of the range, oldest first (as a spreadsheet reads), in one file. */
export const statementCsvQuery = z.object({ from: day, to: day }).check(rangeInOrder);
export type StatementCsvQuery = z.infer<typeof statementCsvQuery>;

/** The CSV's header row; each line is its time, its words, its signed credits and the balance after it. */
export const STATEMENT_CSV_COLUMNS = ['Date', 'Description', 'Credits', 'Balance'] as const;

/** `statement-2026-11-01-to-2026-11-28.csv`; an open end is named `start` or `today`. */
export const statementCsvFileName = (query: StatementCsvQuery) => `statement-${query.from ?? 'start'}-to-${query.to ?? 'today'}.csv`;

/** The statement of the signed-in user, and of any customer for an admin. */
export const CHAT_STATEMENT_ENDPOINTS = {
  mine: defineEndpoint('GET', CHAT_BASE, '/statement', { query: statementQuery, response: statementResponse }),
  customer: defineEndpoint('GET', CHAT_ADMIN_BASE, '/users/:userId/statement', { query: statementQuery, response: statementResponse }),
  // Streamed as `text/csv` in one read of the ledger, so a statement of any length is one request; no JSON body.
  mineCsv: defineEndpoint('GET', CHAT_BASE, '/statement/csv', { query: statementCsvQuery, response: undefined }),
  customerCsv: defineEndpoint('GET', CHAT_ADMIN_BASE, '/users/:userId/statement/csv', { query: statementCsvQuery, response: undefined }),
} as const;
