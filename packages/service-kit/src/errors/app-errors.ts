import { ADMIN_REQUIRED } from '@agentdock/contracts';
export interface FieldIssue {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  fields?: FieldIssue[];
  /** Response headers that belong to the error, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** Options of the ready-made subclasses: a service may give them its own, more specific code. */
export interface HttpErrorOptions extends AppErrorOptions {
  code?: string;
}

/**
 * An error a client is meant to see: an HTTP status, a stable machine `code` the UI maps to its
 * texts, and a human message. Callers tell errors apart by `code`, never by message.
 *
 * @example
 * class InsufficientCreditsError extends AppError {
 *   static readonly code: string = 'insufficient_credits';
 *   constructor() {
 *     super(402, InsufficientCreditsError.code, 'You have run out of credits.');
 *   }
 * }
 */
export class AppError extends Error {
  readonly fields: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    { fields, headers = {}, cause }: AppErrorOptions = {},
  ) {
    super(message, { cause });
    this.name = new.target.name;
    this.fields = fields;
    this.headers = headers;
  }
}

export class BadRequestError extends AppError {
  static readonly code: string = 'bad_request';
  constructor(message = 'The request is invalid.', options: HttpErrorOptions = {}) {
    super(400, options.code ?? BadRequestError.code, message, options);
  }
}

export class ValidationError extends AppError {
  static readonly code: string = 'validation_failed';
  constructor(fields: FieldIssue[], message = 'Some fields are invalid', options: HttpErrorOptions = {}) {
    super(400, options.code ?? ValidationError.code, message, { ...options, fields });
  }
}

export class UnauthorizedError extends AppError {
  static readonly code: string = 'unauthorized';
  constructor(message = 'Please sign in to continue.', options: HttpErrorOptions = {}) {
    super(401, options.code ?? UnauthorizedError.code, message, options);
  }
}

export class ForbiddenError extends AppError {
  static readonly code: string = 'forbidden';
  constructor(message = 'You do not have permission to do that.', options: HttpErrorOptions = {}) {
    super(403, options.code ?? ForbiddenError.code, message, options);
  }
}

/** A signed-in user without admin rights at an admin-only endpoint. */
export class AdminRequiredError extends ForbiddenError {
  static override readonly code: string = ADMIN_REQUIRED.code;
  constructor() {
    super(ADMIN_REQUIRED.message, { code: ADMIN_REQUIRED.code });
  }
}

export class NotFoundError extends AppError {
  static readonly code: string = 'not_found';
  constructor(message = 'The requested resource was not found.', options: HttpErrorOptions = {}) {
    super(404, options.code ?? NotFoundError.code, message, options);
  }
}

export class ConflictError extends AppError {
  static readonly code: string = 'conflict';
  constructor(message = 'The request conflicts with the current state.', options: HttpErrorOptions = {}) {
    super(409, options.code ?? ConflictError.code, message, options);
  }
}

export class PayloadTooLargeError extends AppError {
  static readonly code: string = 'payload_too_large';
  constructor(message = 'The request body is too large.', options: HttpErrorOptions = {}) {
    super(413, options.code ?? PayloadTooLargeError.code, message, options);
  }
}

export class RateLimitedError extends AppError {
  static readonly code: string = 'rate_limited';
  constructor(message = 'Too many requests. Please slow down and try again shortly.', { retryAfterSeconds, ...options }: HttpErrorOptions & { retryAfterSeconds?: number } = {}) {
    const headers = retryAfterSeconds === undefined ? options.headers : { ...options.headers, 'Retry-After': String(retryAfterSeconds) };
    super(429, options.code ?? RateLimitedError.code, message, { ...options, headers });
  }
}

export class ServiceUnavailableError extends AppError {
  static readonly code: string = 'service_unavailable';
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.', options: HttpErrorOptions = {}) {
    super(503, options.code ?? ServiceUnavailableError.code, message, options);
  }
}
