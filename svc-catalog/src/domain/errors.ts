import type { ErrorCode } from '@agentdock/contracts';
import { AppError, type AppErrorOptions } from '@agentdock/service-kit';

/**
 * Failures of the catalog's domain, told apart by `code`; the status, and the text unless a more
 * specific one is given, are the error catalogue's.
 */
export class CatalogError extends AppError {
  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(code, message, options);
  }
}
