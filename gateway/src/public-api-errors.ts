import type { ErrorRequestHandler, Request, Response } from 'express';
import { openAiError, type PublicApiErrorCode } from '@agentdock/contracts';
import { AppError, getRequestId, type Logger } from '@agentdock/service-kit';

/** What writing a refusal needs of it (an AppError has it). */
export type Refusal = Pick<AppError, 'status' | 'message' | 'headers'>;

/** How a refusal is written: the platform's `{ error: { code, message } }` (sendError) or OpenAI's. */
export type ErrorAnswer = (req: Request, res: Response, error: AppError) => void;

/**
 * The public API's code for a refusal the gateway makes itself: its per-IP rate limit (429), its
 * body limit (413), chat down (503) or silent (504), a request it cannot forward or that carries
 * NUL (400). The status stays the gateway's; only the body's shape and code are OpenAI's.
 */
function publicApiCode(status: number): PublicApiErrorCode {
  switch (status) {
    case 429:
      return 'rate_limit_exceeded';
    case 413:
      return 'request_too_large';
    case 503:
      return 'service_unavailable';
    case 504:
      return 'upstream_timeout';
    default:
      return status >= 500 ? 'server_error' : 'invalid_request';
  }
}

/**
 * A refusal of the gateway's own under `/v1`, in OpenAI's shape `{ error: { message, type, code,
 * param } }` as svc-chat answers its own there, so the SDKs raise their usual classes
 * (RateLimitError for the 429, honouring its Retry-After) and read the message. The request id is
 * in the X-Request-Id header, where the SDKs look for it.
 */
export const sendOpenAiError = (_req: Request, res: Response, error: Refusal): void => {
  const { body } = openAiError(publicApiCode(error.status), error.message);
  res.set(error.headers).status(error.status).json(body);
};

/** The `/v1` pipeline's error handler: the gateway's AppErrors as they are, anything else a 500, all in OpenAI's shape. */
export function publicApiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    // Mid-response there is no status left to set; the pipeline closes the connection.
    if (res.headersSent) return next(err);
    if (err instanceof AppError) {
      if (err.status >= 500) logger.warn({ err, requestId: getRequestId(req) }, err.message);
      return sendOpenAiError(req, res, err);
    }
    logger.error({ err, requestId: getRequestId(req), method: req.method, url: req.originalUrl }, 'Unhandled error');
    const id = getRequestId(req);
    sendOpenAiError(req, res, new AppError('internal_error', `The server had an error while processing your request${id ? ` (request ${id})` : ''}. Please try again.`));
  };
}
