import { z } from 'zod';
import { parseByteSize } from './byte-size';

/** Reusable pieces for services' environment schemas; their messages read well after a variable name. */

export const portSchema = z.coerce
  .number({ error: 'expected a port number' })
  .int({ error: 'expected a whole port number' })
  .min(0, { error: 'expected a port number between 0 and 65535' })
  .max(65535, { error: 'expected a port number between 0 and 65535' });

export const hostSchema = z.string().min(1, { error: 'expected a host name or IP address' });

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A log level without a default, for a component whose default is not 'info'. */
export const logLevelEnum = z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` });
export const logLevelSchema = logLevelEnum.default('info');
export type LogLevel = z.infer<typeof logLevelEnum>;

/** 'true' or 'false' (environment variables are text), parsed to a boolean. */
export const booleanFlagSchema = z.enum(['true', 'false'], { error: 'expected true or false' }).transform((value) => value === 'true');

/** How many proxies in front of a server set X-Forwarded-For (express's `trust proxy` count). */
export const proxyHopsSchema = z.coerce.number({ error: 'expected a number' }).int({ error: 'expected a whole number' }).nonnegative({ error: 'expected 0 or more' });

/** An http(s) URL without a trailing slash, so `${base}/path` never doubles it. */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).transform((url) => url.replace(/\/+$/, ''));

export const positiveIntSchema = z.coerce.number({ error: 'expected a number' }).int({ error: 'expected a whole number' }).positive({ error: 'expected a number greater than 0' });

/** '100kb', '1mb' or a plain byte count, parsed to bytes. */
export const byteSizeSchema = z.string().transform((text, ctx) => {
  const bytes = parseByteSize(text);
  if (bytes === undefined) {
    ctx.addIssue({ code: 'custom', message: "expected a size such as '100kb' or '1mb'" });
    return z.NEVER;
  }
  return bytes;
});
