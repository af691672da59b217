import { AppError } from '@agentdock/service-kit';

const STATUS_BY_CODE = {
  plan_not_found: 404,
  plan_exists: 409,
} as const;

export type CatalogErrorCode = keyof typeof STATUS_BY_CODE;

/** Failures of the catalog's domain, told apart by `code`; the kit's handler maps them to HTTP. */
export class CatalogError extends AppError {
  constructor(code: CatalogErrorCode, message: string) {
    super(STATUS_BY_CODE[code], code, message);
  }
}
