import { ADMIN_REQUIRED, type ErrorCode, type ErrorCodeWithStatus, errorStatus, errorText } from '@agentdock/contracts';
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

/** Options of the ready-made subclasses: a service may give them its own, more specific code with the class's status. */
export interface HttpErrorOptions<Status extends number = number> extends AppErrorOptions {
  code?: ErrorCodeWithStatus<Status>;
}

/**
 * An error a client is meant to see: a stable machine `code` from the error catalogue (which gives
 * its HTTP status and the text the UI shows for it), and a human message, the catalogue's text
 * unless the throw site says something more specific. Callers tell errors apart by `code`, never
 * by message.
 *
 * @example
 * class InsufficientCreditsError extends AppError {
 *   constructor(needed: number, remaining: number) {
 *     super('insufficient_credits', insufficientCreditsText(needed, remaining));
 *   }
 * }
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string = errorText(code),
    { fields, headers = {}, cause }: AppErrorOptions = {},
  ) {
    super(message, { cause });
    this.name = new.target.name;
    this.status = errorStatus(code);
    this.fields = fields;
    this.headers = headers;
  }
}

export class BadRequestError extends AppError {
  static readonly code: ErrorCode = 'bad_request';
  constructor(message?: string, { code = 'bad_request', ...options }: HttpErrorOptions<400> = {}) {
    super(code, message, options);
  }
}

export class ValidationError extends AppError {
  static readonly code: ErrorCode = 'validation_failed';
  constructor(fields: FieldIssue[], message?: string, { code = 'validation_failed', ...options }: HttpErrorOptions<400> = {}) {
    super(code, message, { ...options, fields });
  }
}

export class UnauthorizedError extends AppError {
  static readonly code: ErrorCode = 'unauthorized';
  constructor(message?: string, { code = 'unauthorized', ...options }: HttpErrorOptions<401> = {}) {
    super(code, message, options);
  }
}

export class ForbiddenError extends AppError {
  static readonly code: ErrorCode = 'forbidden';
  constructor(message?: string, { code = 'forbidden', ...options }: HttpErrorOptions<403> = {}) {
    super(code, message, options);
  }
}

/** A signed-in user without admin rights at an admin-only endpoint. */
export class AdminRequiredError extends ForbiddenError {
  static override readonly code: ErrorCode = ADMIN_REQUIRED.code;
  constructor() {
    super(undefined, { code: ADMIN_REQUIRED.code });
  }
}

export class NotFoundError extends AppError {
  static readonly code: ErrorCode = 'not_found';
  constructor(message?: string, { code = 'not_found', ...options }: HttpErrorOptions<404> = {}) {
    super(code, message, options);
  }
}

export class ConflictError extends AppError {
  static readonly code: ErrorCode = 'conflict';
  constructor(message?: string, { code = 'conflict', ...options }: HttpErrorOptions<409> = {}) {
    super(code, message, options);
  }
}

export class PayloadTooLargeError extends AppError {
  static readonly code: ErrorCode = 'payload_too_large';
  constructor(message?: string, { code = 'payload_too_large', ...options }: HttpErrorOptions<413> = {}) {
    super(code, message, options);
  }
}

export class RateLimitedError extends AppError {
  static readonly code: ErrorCode = 'rate_limited';
  constructor(message?: string, { code = 'rate_limited', retryAfterSeconds, ...options }: HttpErrorOptions<429> & { retryAfterSeconds?: number } = {}) {
    const headers = retryAfterSeconds === undefined ? options.headers : { ...options.headers, 'Retry-After': String(retryAfterSeconds) };
    super(code, message, { ...options, headers });
  }
}

export class ServiceUnavailableError extends AppError {
  static readonly code: ErrorCode = 'service_unavailable';
  constructor(message?: string, { code = 'service_unavailable', ...options }: HttpErrorOptions<503> = {}) {
    super(code, message, options);
  }
}
