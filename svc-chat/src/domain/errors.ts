import type { PublicApiErrorCode } from '@agentdock/contracts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@agentdock/service-kit';

export class InsufficientCreditsError extends AppError {
  constructor(message: string) {
    super('insufficient_credits', message);
  }
}

export class ApiCallLimitError extends AppError {
  constructor(limit: number) {
    super('api_calls_exhausted', `You have used all ${limit} API calls of this period. Your allowance renews with your plan; upgrade for more.`);
  }
}

/** The member's monthly cap in their team's pool leaves no room for this send (the pool may still have credits). */
export class MemberCreditCapError extends AppError {
  constructor(cap: number) {
    super(
      'member_credit_cap_reached',
      `You have reached the monthly cap of ${cap.toLocaleString('en-US')} credits your team set for you. It resets with the team's credits; a team admin can raise it.`,
    );
  }
}

/** The API key's monthly credit cap leaves no room for this request (the wallet may still have credits). */
export class KeyCreditCapError extends AppError {
  constructor(cap: number) {
    super(
      'key_credit_cap_reached',
      `This API key has reached its monthly cap of ${cap.toLocaleString('en-US')} credits. The cap resets at the start of next month (UTC); its owner can create a key with a higher cap.`,
    );
  }
}

/** A refusal of the `/v1` API, answered in OpenAI's error shape with `param` naming the field at fault. */
export class PublicApiError extends AppError {
  constructor(
    readonly openAiCode: PublicApiErrorCode,
    message?: string,
    readonly param: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(openAiCode, message, { headers });
  }
}

/**
 * A `/v1` request handled on this replica's snapshot of its caller's wallet and agents
 * (`ApiCallerSnapshots`) met something the snapshot does not show: nothing was reserved, and the
 * request is handled again on a fresh read. Never answered: the route catches it.
 */
export class StaleApiCallerError extends Error {
  constructor() {
    super('The caller was read again: its snapshot no longer held.');
  }
}

export class BalanceTooLowError extends ConflictError {
  constructor(available: number) {
    super(`The deduction is larger than the balance: only ${available} credits are left.`, { code: 'balance_too_low' });
  }
}

export class BalanceTooHighError extends ValidationError {
  constructor(field: string, maximum: number) {
    super(
      [{ path: field, message: `A wallet holds at most ${maximum.toLocaleString('en-US')} credits` }],
      `${field}: a wallet holds at most ${maximum.toLocaleString('en-US')} credits`,
      {
        code: 'balance_too_high',
      },
    );
  }
}

export class WalletNotFoundError extends NotFoundError {
  constructor() {
    super(undefined, { code: 'wallet_not_found' });
  }
}

/**
 * A settlement asked for more than its reservation holds: a broken invariant (replies are bounded
 * by the reservation), refused rather than charging less than was delivered.
 */
/** A reservation's record statement that does not count a pool member's cap where the caller counts on it (or the other way round): a programming error, never a request's. */
export class ReservationRecordMismatchError extends AppError {
  constructor(countsMember: boolean) {
    super('reservation_record_mismatch', `The reservation's record ${countsMember ? 'does not count' : 'counts'} the team member's cap.`);
  }
}

export class SettlementOverReservationError extends AppError {
  constructor(cost: number, reserved: number) {
    super('settlement_over_reservation', `A reply cost ${cost} credits but only ${reserved} were reserved.`);
  }
}
