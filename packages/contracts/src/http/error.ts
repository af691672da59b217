import * as z from 'zod/mini';

/**
 * The one error body every service and the gateway return, modelled on Stripe's error object:
 * a stable machine `code` the UI maps to its fixed user-facing texts, a human `message`, and for validation
 * failures the offending `fields`.
 */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    requestId: z.optional(z.string()),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
