// Kept apart from the zod schemas: the services, the gateway and the admin console all use it.
import { type ErrorCode, ERROR_CATALOGUE } from './error-catalogue';

/**
 * The 403 of every admin-only endpoint to a signed-in user without admin rights: one code clients
 * can tell apart from other refusals, and the one text the console shows for it.
 */
export const ADMIN_REQUIRED = {
  code: 'admin_required',
  message: ERROR_CATALOGUE.admin_required.text,
} as const satisfies { code: ErrorCode; message: string };
