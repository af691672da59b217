/** Stripe's error object (`{ error: { type, code, message, param } }`) with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}
