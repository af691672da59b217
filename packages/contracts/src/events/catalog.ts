import { z } from 'zod';
// The catalog's plan is a zod/mini schema (browser-facing); mini's functions derive v1 from it.
import * as zm from 'zod/mini';
import { adminAgent } from '../catalog/agent';
import { agentBehaviour } from '../catalog/agent-builder';
import { contentSection } from '../catalog/content';
import { enrolment } from '../catalog/course';
import { plan } from '../catalog/plan';
import { defineEvent } from './envelope';

const planChange = z.enum(['created', 'updated', 'deleted']);

const dollarPriceV1 = z.object({ amount: z.number().nonnegative(), priceId: z.string().min(1).nullable() });

/** The plan as v1 carried it: prices in decimal dollars, no currency (always usd). */
export const planV1 = zm.extend(zm.omit(plan, { currency: true, monthly: true, annual: true, annualPerMonthMinor: true }), {
  monthly: dollarPriceV1.nullable(),
  annual: dollarPriceV1.nullable(),
  annualPerMonth: z.number().int().nullable(),
});
export type PlanV1 = z.infer<typeof planV1>;

/**
 * Published by svc-catalog whenever a plan is created, edited or deleted (also when seeded).
 * Superseded by v2; still published beside it (ADR 0006) until no consumer reads v1.
 */
export const planChangedV1 = defineEvent('catalog.plan.changed', 1, z.object({ change: planChange, plan: planV1 }));

/** As v1, with the plan's prices in integer minor units and its currency. */
export const planChangedV2 = defineEvent('catalog.plan.changed', 2, z.object({ change: planChange, plan }));

/** Published on every admin change to an agent; carries the provider id for svc-chat. */
export const agentChangedV1 = defineEvent('catalog.agent.changed', 1, z.object({ change: z.enum(['created', 'updated', 'deleted']), agent: adminAgent }));

/**
 * Published when an agent's draft is published, when an earlier version is restored (as a new
 * version) and when a seeded agent gets its first version. Carries the private instructions: only
 * svc-chat, which answers with them, consumes it.
 */
export const agentPublishedV1 = defineEvent(
  'catalog.agent.published',
  1,
  z.object({
    agentId: z.string(),
    key: z.string(),
    version: z.number().int().min(1),
    behaviour: agentBehaviour,
    publishedAt: z.string(),
    publishedBy: z.object({ id: z.string(), email: z.string().nullable() }),
  }),
);

/** Published on every admin create or edit of a content section (there is no delete). */
export const contentChangedV1 = defineEvent('catalog.content.changed', 1, z.object({ change: z.enum(['created', 'updated']), section: contentSection }));

/**
 * Published when a course is created, edited or archived (and when a seeded course is first
 * stored): what svc-billing needs to sell it. `billing` says whether checkout is one payment or a
 * monthly subscription; an archived course is no longer sold.
 */
export const coursePublishedV1 = defineEvent(
  'catalog.course.published',
  1,
  z.object({
    courseId: z.string().min(1).max(64),
    title: z.string().min(1),
    priceMinor: z.number().int().nonnegative(),
    currency: z.string().regex(/^[a-z]{3}$/),
    billing: z.enum(['one_time', 'monthly']),
    archived: z.boolean(),
  }),
);

/** Published when a user gains or loses membership of a course. */
export const enrolmentChangedV1 = defineEvent('catalog.enrolment.changed', 1, z.object({ change: z.enum(['granted', 'revoked']), enrolment }));

/**
 * Published when a paid course subscription opens a course: svc-identity, which owns the address,
 * sends the welcome email. `firstLessonPath` is a site path (`/courses/…/lessons/…`), or the
 * course page's when the course has no published lesson yet.
 */
export const courseWelcomeV1 = defineEvent(
  'catalog.course.welcome',
  1,
  z.object({ userId: z.string(), courseId: z.string(), courseTitle: z.string(), firstLessonTitle: z.string().nullable(), firstLessonPath: z.string().startsWith('/') }),
);

/**
 * Published when a learner completes every lesson and the certificate is issued (once per learner
 * and course): svc-identity, which owns the address, sends the congratulation with the links.
 */
export const courseCompletedV1 = defineEvent(
  'catalog.course.completed',
  1,
  z.object({ userId: z.string(), courseId: z.string(), courseTitle: z.string(), certificateCode: z.string(), completedAt: z.string() }),
);
