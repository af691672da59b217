import { AppError, ConflictError } from '@agentdock/service-kit';

export class InsufficientCreditsError extends AppError {
  static readonly code = 'insufficient_credits';
  constructor(message: string) {
    super(402, InsufficientCreditsError.code, message);
  }
}

export class ApiCallLimitError extends AppError {
  static readonly code = 'api_calls_exhausted';
  constructor(limit: number) {
    super(429, ApiCallLimitError.code, `You have used all ${limit} API calls of this period. Your allowance renews with your plan; upgrade for more.`);
  }
}

export class BalanceTooLowError extends ConflictError {
  constructor(available: number) {
    super(`The deduction is larger than the balance: only ${available} credits are left.`, { code: 'balance_too_low' });
  }
}
