import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { ApiErrorBody, ErrorCode } from '@agentdock/contracts';
import { formatByteSize } from '../config/byte-size';
import { AppError, BadRequestError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors/app-errors';
import type { Logger } from '../logger';
import { getRequestId } from './request-id';
import { isDatabaseUnavailable } from '../errors/database-unavailable';

/** Writes an AppError as the platform's one error body (apiErrorBody in contracts). */
export function sendError(req: Request, res: Response, error: AppError): void {
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, fields: error.fields, requestId: getRequestId(req) },
  };
  res.set(error.headers).status(error.status).json(body);
}

/** Last in the chain: unknown routes get a JSON 404 instead of express's HTML page. */
export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    sendError(req, res, new NotFoundError(`No route matches ${req.method} ${req.path}.`));
  };
}

/**
 * Maps whatever a route threw to a status and error body: AppErrors as they are, zod failures as
 * 400 validation_failed with fields, body-parser failures as 400/413, everything else as a 500
 * whose details go to the log only.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    // Mid-response there is no status left to set; express closes the connection.
    if (res.headersSent) return next(err);
    const known = toAppError(err);
    if (known) {
      if (known.status >= 500) logger.warn({ err, requestId: getRequestId(req) }, known.message);
      return sendError(req, res, known);
    }
    logger.error({ err, requestId: getRequestId(req), method: req.method, url: req.originalUrl }, 'Unhandled error');
    sendError(req, res, new AppError('internal_error'));
  };
}

interface HttpErrorLike {
  status?: unknown;
  expose?: unknown;
  type?: unknown;
  limit?: unknown;
  message?: unknown;
}

/**
 * The codes of the client errors body-parser and the router raise (http-errors with `expose`),
 * by their status; any other is answered as a 400 bad_request.
 */
const HTTP_ERROR_CODES: Partial<Record<number, ErrorCode>> = { 403: 'forbidden', 404: 'not_found', 413: 'payload_too_large', 415: 'unsupported_media_type' };

/** invalid byte sequence (22021), untranslatable character (22P05). */
const INVALID_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/** drizzle wraps the driver's error; the SQLSTATE is on the cause. */
function sqlState(err: object): string | undefined {
  for (let current: unknown = err, depth = 0; typeof current === 'object' && current !== null && depth < 3; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof z.core.$ZodError) {
    return new ValidationError(err.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
  }
  if (typeof err !== 'object' || err === null) return undefined;
  // The router could not percent-decode a path parameter (`/courses/%E0%A4%A`): the client's URL is at fault.
  if (err instanceof URIError) {
    return new BadRequestError(undefined, { code: 'invalid_url', cause: err });
  }
  // PostgreSQL refuses a NUL byte (or a byte sequence that is not UTF-8) in text; the text came from
  // the client, so the answer is a 400, whichever route let it through to the database.
  const state = sqlState(err);
  if (state && INVALID_TEXT_SQLSTATES.has(state)) {
    return new BadRequestError(undefined, { code: 'invalid_text', cause: err });
  }
  // A restart or failover of the database: the caller may simply retry, so not a 500.
  if (isDatabaseUnavailable(err)) {
    return new AppError('service_unavailable', 'The service is briefly unavailable. Please try again in a few seconds.', { headers: { 'Retry-After': '5' }, cause: err });
  }
  // body-parser and the router raise http-errors: `expose` marks those safe to show a client.
  const httpError = err as HttpErrorLike;
  if (httpError.type === 'entity.parse.failed') {
    return new BadRequestError(undefined, { code: 'invalid_json', cause: err });
  }
  if (httpError.type === 'entity.too.large') {
    const limit = typeof httpError.limit === 'number' ? ` The limit is ${formatByteSize(httpError.limit)}.` : '';
    return new PayloadTooLargeError(`The request body is too large.${limit}`, { cause: err });
  }
  if (httpError.expose === true && typeof httpError.status === 'number' && httpError.status < 500) {
    return new AppError(HTTP_ERROR_CODES[httpError.status] ?? 'bad_request', String(httpError.message), { cause: err });
  }
  return undefined;
}
