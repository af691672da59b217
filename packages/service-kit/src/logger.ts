import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  service: string;
  /** A pino level name; 'info' when omitted. */
  level?: pino.LevelWithSilentOrString;
  /**
   * Write lines to stdout in batches: a line waits in memory until the batch holds BATCH_BYTES or
   * BATCH_MAX_WAIT_MS have passed, then the batch goes out in one write from this thread. For a
   * process that logs a line per request (the gateway): a write per line costs a system call each,
   * and pino's asynchronous mode hands every write to libuv's thread pool, whose wake-ups between
   * threads cost the gateway more CPU than its own work. What is pending is written out when the
   * process exits.
   */
  batchedWrites?: boolean;
}

// Request logs carry headers; bearer tokens and session cookies must never reach a log store.
// Fields of these names are secrets wherever they appear in a logged object.
const SECRET_FIELDS = ['password', 'passwordHash', 'password_hash', 'token', 'refreshToken', 'accessToken', 'codeVerifier', 'secret'];
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-mailbox-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/**
 * A failed query's error carries its parameters (drizzle puts them in `params` and in the message):
 * password hashes, emails and names. Log the statement and the database's reason, never the values.
 */
export function serializeError(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const { params: _params, ...rest } = serialized;
  const withoutValues = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]') : text);
  const cause = err instanceof Error && err.cause instanceof Error ? (err.cause as Error & { code?: unknown }) : undefined;
  return {
    ...rest,
    message: withoutValues(rest.message),
    stack: withoutValues(rest.stack),
    ...(cause ? { reason: cause.message, sqlState: cause.code } : {}),
  };
}

/**
 * pino's isoTime field (`,"time":"2026-11-23T21:05:50.123Z"`), with the date and time up to the
 * second formatted once per second: toISOString on every line was a visible share of the gateway's
 * CPU per request, where every request writes a line.
 */
export function isoTimeField(now = Date.now()): string {
  const second = now - (now % 1000);
  if (second !== formattedSecond) {
    formattedSecond = second;
    formattedPrefix = `,"time":"${new Date(second).toISOString().slice(0, 20)}`;
  }
  return `${formattedPrefix}${String(now % 1000).padStart(3, '0')}Z"`;
}
let formattedSecond = Number.NaN;
let formattedPrefix = '';

// About fifteen request lines; a quiet process's lines still leave within a fifth of a second.
const BATCH_BYTES = 4096;
const BATCH_MAX_WAIT_MS = 200;

/** JSON logs, one line per event, tagged with the service name. */
export function createLogger({ service, level = 'info', batchedWrites = false }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level: quietUnderTest() ? 'silent' : level,
    base: { service },
    timestamp: isoTimeField,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  if (!batchedWrites) return pino(options);
  const destination = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: BATCH_MAX_WAIT_MS });
  // Also on process.exit() and after an uncaught exception: the batch must not die with the process.
  process.once('exit', () => destination.flushSync());
  return pino(options, destination);
}

// Test output stays readable; LOG_LEVEL=debug npx jest … turns logs back on when diagnosing.
function quietUnderTest(): boolean {
  return process.env.JEST_WORKER_ID !== undefined && process.env.LOG_LEVEL === undefined;
}
