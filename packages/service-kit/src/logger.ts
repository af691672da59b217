import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  service: string;
  /** A pino level name; 'info' when omitted. */
  level?: pino.LevelWithSilentOrString;
  /**
   * Write lines to stdout asynchronously: lines logged while a write is under way go out together
   * in the next one, so a busy process makes one write call per batch instead of one per line. For
   * a process that logs a line per request (the gateway); the lines still leave at once when it is
   * quiet, and pino writes out what is pending when the process exits (installShutdown flushes too).
   */
  asyncWrites?: boolean;
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

/** JSON logs, one line per event, tagged with the service name. */
export function createLogger({ service, level = 'info', asyncWrites = false }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level: quietUnderTest() ? 'silent' : level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return asyncWrites ? pino(options, pino.destination({ dest: 1, sync: false })) : pino(options);
}

// Test output stays readable; LOG_LEVEL=debug npx jest … turns logs back on when diagnosing.
function quietUnderTest(): boolean {
  return process.env.JEST_WORKER_ID !== undefined && process.env.LOG_LEVEL === undefined;
}
