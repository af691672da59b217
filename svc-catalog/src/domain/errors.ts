import { AppError, type AppErrorOptions } from '@agentdock/service-kit';

const STATUS_BY_CODE = {
  plan_not_found: 404,
  plan_exists: 409,
  agent_not_found: 404,
  agent_exists: 409,
  content_not_found: 404,
  content_slot_taken: 409,
  content_not_deletable: 405,
  course_not_found: 404,
  enrolment_not_found: 404,
  not_enrolled: 403,
  discussion_rate_limited: 429,
  sign_in_required: 401,
  lesson_not_found: 404,
  module_not_found: 400,
  lesson_order_invalid: 400,
  certificate_not_found: 404,
} as const;

export type CatalogErrorCode = keyof typeof STATUS_BY_CODE;

/** Failures of the catalog's domain, told apart by `code`; the kit's handler maps them to HTTP. */
export class CatalogError extends AppError {
  constructor(code: CatalogErrorCode, message: string, options: AppErrorOptions = {}) {
    super(STATUS_BY_CODE[code], code, message, options);
  }
}
