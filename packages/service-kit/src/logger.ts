import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  service: string;
  /** A pino level name; 'info' when omitted. */
  level?: pino.LevelWithSilentOrString;
}

// Request logs carry headers; bearer tokens and session cookies must never reach a log store.
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** JSON logs, one line per event, tagged with the service name. */
export function createLogger({ service, level = 'info' }: LoggerOptions): Logger {
  return pino({
    level: quietUnderTest() ? 'silent' : level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  });
}

// Test output stays readable; LOG_LEVEL=debug npx jest … turns logs back on when diagnosing.
function quietUnderTest(): boolean {
  return process.env.JEST_WORKER_ID !== undefined && process.env.LOG_LEVEL === undefined;
}
