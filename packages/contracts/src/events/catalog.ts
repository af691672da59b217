import { z } from 'zod';
import { plan } from '../catalog/plan';
import { defineEvent } from './envelope';

/** Published by svc-catalog whenever a plan is created, edited or deleted (also when seeded). */
export const planChangedV1 = defineEvent(
  'catalog.plan.changed',
  1,
  z.object({
    change: z.enum(['created', 'updated', 'deleted']),
    plan,
  }),
);
