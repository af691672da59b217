import { z } from 'zod';
import { adminAgent } from '../catalog/agent';
import { contentSection } from '../catalog/content';
import { enrolment } from '../catalog/course';
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

/** Published on every admin change to an agent; carries the provider id for svc-chat. */
export const agentChangedV1 = defineEvent(
  'catalog.agent.changed',
  1,
  z.object({ change: z.enum(['created', 'updated', 'deleted']), agent: adminAgent }),
);

/** Published on every admin create or edit of a content section (there is no delete). */
export const contentChangedV1 = defineEvent(
  'catalog.content.changed',
  1,
  z.object({ change: z.enum(['created', 'updated']), section: contentSection }),
);

/** Published when a user gains or loses membership of a course. */
export const enrolmentChangedV1 = defineEvent(
  'catalog.enrolment.changed',
  1,
  z.object({ change: z.enum(['granted', 'revoked']), enrolment }),
);
