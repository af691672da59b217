import * as z from 'zod/mini';

/** One key's use this calendar month (UTC), as svc-chat meters it. */
export const apiKeyUsage = z.object({
  keyId: z.string(),
  lastUsedAt: z.nullable(z.string()),
  requestsThisMonth: z.number(),
  creditsThisMonth: z.number(),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsage>;

/** GET /api/chat/api-keys/usage: every key of the signed-in user that has been used. */
export const apiKeyUsageResponse = z.object({ keys: z.array(apiKeyUsage) });
export type ApiKeyUsageResponse = z.infer<typeof apiKeyUsageResponse>;
