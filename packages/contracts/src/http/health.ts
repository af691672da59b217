import { z } from 'zod';

export const checkStatus = z.enum(['up', 'down']);

/** Body of GET /readyz on every service and on the gateway (which lists its upstreams). */
export const readinessBody = z.object({
  status: checkStatus,
  service: z.string(),
  checks: z.record(z.string(), z.object({ status: checkStatus, error: z.string().optional() })),
});
export type ReadinessBody = z.infer<typeof readinessBody>;
