import type { ErrorCode } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';

/**
 * Failures of the identity domain, told apart by `code`; the status and the text a person sees
 * are the error catalogue's (the codes a client acts on are named in IDENTITY_ERROR_CODES).
 */
export class IdentityError extends AppError {
  constructor(code: ErrorCode) {
    super(code);
  }
}
