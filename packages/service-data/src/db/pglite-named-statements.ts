import { parse, type PGlite, protocol } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite. Its `query` parses, describes and plans every statement
 * on every call (drizzle's PGlite driver passes no name on); for a statement on every request's
 * path that is most of what it costs: a chat send's reservation statement measured 2.0 ms through
 * `query` and 0.5 ms parsed once and then only bound and executed. A handle's client carries a
 * runner under `runNamedStatement`; `namedStatement` uses it when there is one.
 */
export const runNamedStatement = Symbol('agentdock.runNamedStatement');

/** Runs the statement `name` (parsed from `text` on first use) with `params` and gives its rows. */
export type NamedStatementRunner = (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The statements parsed on each instance: PGlite keeps them for as long as it runs. */
const parsedOn = new WeakMap<PGlite, Set<string>>();

/** A parameter as the text the server reads (the statement's casts give it its type). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * The runner for `pg` at the top level (`inTransaction` false: it waits for any open transaction,
 * as `query` does, and commits on its own) or inside the transaction that is running (it waits
 * only for the statement in flight). Like `query`, each exchange ends with a Sync, also on error.
 */
export function pgliteNamedStatementRunner(pg: PGlite, inTransaction: boolean): NamedStatementRunner {
  const { serialize } = protocol;
  return (name, text, params) => {
    const run = async () => {
      let parsed = parsedOn.get(pg);
      if (!parsed) parsedOn.set(pg, (parsed = new Set()));
      if (!parsed.has(name)) {
        try {
          await pg.execProtocolStream(serialize.parse({ name, text, types: [] }), { syncToFs: false });
        } finally {
          await pg.execProtocolStream(serialize.sync(), { syncToFs: false });
        }
        parsed.add(name);
      }
      // The Sync goes in the same exchange: PGlite runs every message it is handed before it
      // reports an error, and after one the server skips to the Sync, which ends the exchange
      // either way. One pass through the engine per statement instead of two.
      const replies = await pg.execProtocolStream(
        joined([serialize.bind({ statement: name, values: params.map(asText) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      if (!inTransaction) await pg.syncToFs();
      return (parse.parseResults(replies, pg.parsers)[0]?.rows ?? []) as Record<string, unknown>[];
    };
    return inTransaction ? pg._runExclusiveQuery(run) : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
  };
}
