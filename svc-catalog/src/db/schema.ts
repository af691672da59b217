import { type AgentBehaviour, CONTENT_FORMATS, CONTENT_SECTION_TYPES, COURSE_BILLINGS, ENROLMENT_SOURCES, SUBSCRIPTION_TIERS } from '@agentdock/contracts';
import { sql } from '@agentdock/service-data/orm';
import { boolean, check, index, isOneOf, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from '@agentdock/service-data/pg-core';
import { catalogCompletionsDaily, catalogCourseMembers, catalogMembersDaily } from './stats-schema';

export { catalogCompletionsDaily, catalogCourseMembers, catalogMembersDaily, catalogRollups } from './stats-schema';

/** Subscription plans. Money is integer minor units of `currency`, so no price passes through a float. */
export const plans = pgTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tier: text('tier', { enum: SUBSCRIPTION_TIERS }).notNull(),
    currency: text('currency').notNull().default('usd'),
    monthlyPriceCents: integer('monthly_price_cents'),
    monthlyPriceId: text('monthly_price_id'),
    annualPriceCents: integer('annual_price_cents'),
    annualPriceId: text('annual_price_id'),
    realTokensLimit: integer('real_tokens_limit'),
    platformCreditsLimit: integer('platform_credits_limit'),
    apiCallsLimit: integer('api_calls_limit'),
    agentsIncluded: integer('agents_included'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    notIncluded: jsonb('not_included').$type<string[]>().notNull().default([]),
    cta: text('cta').notNull(),
    highlight: boolean('highlight').notNull().default(false),
    customPrice: boolean('custom_price').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('subscription_plans_tier_check', isOneOf(table.tier, SUBSCRIPTION_TIERS)),
    check('subscription_plans_currency_check', sql`${table.currency} ~ '^[a-z]{3}$'`),
    check('subscription_plans_prices_check', sql`coalesce(${table.monthlyPriceCents}, 0) >= 0 and coalesce(${table.annualPriceCents}, 0) >= 0`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;

/** AI agents of the catalogue; `key` is the stable name seeds and the chat's provider mapping use. */
export const agents = pgTable(
  'ai_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    useCase: text('use_case').notNull().default(''),
    tier: text('tier', { enum: SUBSCRIPTION_TIERS }).notNull().default('free'),
    isActive: boolean('is_active').notNull().default(true),
    /** The agent provider's id (`relevance_agent_id` in the original data model); never served publicly. */
    providerAgentId: text('provider_agent_id'),
    /** What the builder's form holds; customers never see it until it is published as a version. Null: never edited. */
    draft: jsonb('draft').$type<AgentBehaviour>(),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true, mode: 'date' }),
    /** The live version (agent_versions.version); null until the first publish. */
    publishedVersion: integer('published_version'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ai_agents_key_unique').on(table.key), check('ai_agents_tier_check', isOneOf(table.tier, SUBSCRIPTION_TIERS))],
);

export type AgentRow = typeof agents.$inferSelect;

/** Every published version of an agent's behaviour, frozen: the live one and those a restore can bring back. */
export const agentVersions = pgTable(
  'agent_versions',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    behaviour: jsonb('behaviour').$type<AgentBehaviour>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedById: text('published_by_id').notNull(),
    publishedByEmail: text('published_by_email'),
    restoredFrom: integer('restored_from'),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.version] })],
);

export type AgentVersionRow = typeof agentVersions.$inferSelect;

/**
 * Editable texts of the marketing pages. `content` is the admin's source (HTML stored already
 * sanitised, Markdown as typed); `html` is its sanitised rendering, computed once on save.
 */
export const contentSections = pgTable(
  'content_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    sectionType: text('section_type', { enum: CONTENT_SECTION_TYPES }).notNull().default('hero'),
    slot: text('slot'),
    format: text('format', { enum: CONTENT_FORMATS }).notNull().default('markdown'),
    content: text('content').notNull(),
    html: text('html').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A page looks its text up by slot, so a slot names at most one section.
    uniqueIndex('content_sections_slot_unique').on(table.slot),
    check('content_sections_type_check', isOneOf(table.sectionType, CONTENT_SECTION_TYPES)),
    check('content_sections_format_check', isOneOf(table.format, CONTENT_FORMATS)),
  ],
);

export type ContentSectionRow = typeof contentSections.$inferSelect;

/**
 * Seed items applied once, by kind and key. Seeding consults this rather than the live tables, so
 * an agent an admin deleted, or a section moved to another slot, does not come back on restart.
 */
export const appliedSeeds = pgTable(
  'applied_seeds',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);

/**
 * The courses the operator sells, edited in the console (ADR 0012). `id` is the address of the
 * course page and what enrolments, lessons, comments and certificates refer to; it never changes.
 * Money is integer minor units of `currency`. An archived course is not listed or sold, but its
 * page, lessons and discussion stay open to its members.
 */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    fullDescription: text('full_description').notNull(),
    level: text('level').notNull(),
    estimatedDuration: text('estimated_duration').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('usd'),
    billing: text('billing', { enum: COURSE_BILLINGS }).notNull(),
    image: text('image').notNull(),
    instructor: jsonb('instructor').$type<{ name: string; role: string; image: string }>().notNull(),
    /** Module titles in order; lessons point at a module by its index. */
    modules: jsonb('modules').$type<string[]>().notNull(),
    whatYouGet: jsonb('what_you_get').$type<string[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('courses_billing_check', isOneOf(table.billing, COURSE_BILLINGS)),
    check('courses_currency_check', sql`${table.currency} ~ '^[a-z]{3}$'`),
    check('courses_price_check', sql`${table.priceMinor} >= 0`),
  ],
);

export type CourseRow = typeof courses.$inferSelect;

/** Membership of a course, one row per user and course. */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    courseId: text('course_id').notNull(),
    userId: uuid('user_id').notNull(),
    source: text('source', { enum: ENROLMENT_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.userId] }), check('course_enrolments_source_check', isOneOf(table.source, ENROLMENT_SOURCES))],
);

export type EnrolmentRow = typeof courseEnrolments.$inferSelect;

/**
 * Course subscriptions whose end was applied. Grant and end arrive on two consumers, so a grant
 * redelivered (or simply late) after the end would otherwise enrol the user again for good.
 */
export const endedCourseSubscriptions = pgTable('ended_course_subscriptions', {
  subscriptionId: text('subscription_id').primaryKey(),
  courseId: text('course_id').notNull(),
  userId: uuid('user_id').notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Who holds a live community subscription (billing owns the subscription; the community offer
 * shows how many members there are, counted here from the same access events as enrolments).
 */
export const communityMembers = pgTable('community_members', {
  subscriptionId: text('subscription_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The members-only discussion of each course; bodies are plain text, stored as typed. */
export const courseComments = pgTable(
  'course_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id').notNull(),
    authorId: uuid('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('course_comments_course_idx').on(table.courseId, table.createdAt), index('course_comments_author_idx').on(table.authorId, table.createdAt)],
);

export type CommentRow = typeof courseComments.$inferSelect;

/**
 * Lessons of the code-owned courses, written by the operator. `module_index` points into the
 * course's list of modules; `position` orders the lessons of a course (module first, then position).
 * `body` is the Markdown source, `html` its sanitised rendering computed on save.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id').notNull(),
    moduleIndex: integer('module_index').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    html: text('html').notNull(),
    videoUrl: text('video_url'),
    estimatedMinutes: integer('estimated_minutes').notNull(),
    exercisePrompt: text('exercise_prompt'),
    isPreview: boolean('is_preview').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('course_lessons_course_idx').on(table.courseId, table.moduleIndex, table.position), check('course_lessons_minutes_check', sql`${table.estimatedMinutes} > 0`)],
);

export type LessonRow = typeof courseLessons.$inferSelect;

/** Lessons a learner marked complete. Kept when the course's subscription ends. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: uuid('user_id').notNull(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    index('lesson_completions_course_idx').on(table.userId, table.courseId),
    // The admin overview counts completions per day of a range.
    index('lesson_completions_completed_at_idx').on(table.completedAt),
  ],
);

/** A learner's answer to a lesson's exercise: read and written by that learner only. */
export const exerciseAnswers = pgTable(
  'exercise_answers',
  {
    userId: uuid('user_id').notNull(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);

/**
 * Certificates of completion, one per learner and course. Name and title are copied as they were
 * when it was issued: the certificate states what was true that day.
 */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    code: text('code').primaryKey(),
    userId: uuid('user_id').notNull(),
    courseId: text('course_id').notNull(),
    courseTitle: text('course_title').notNull(),
    learnerName: text('learner_name').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('course_certificates_user_course_unique').on(table.userId, table.courseId)],
);

export type CertificateRow = typeof courseCertificates.$inferSelect;

export const schema = {
  catalogMembersDaily,
  catalogCourseMembers,
  catalogCompletionsDaily,
  plans,
  agents,
  contentSections,
  appliedSeeds,
  courseEnrolments,
  courseComments,
  courseLessons,
  lessonCompletions,
  exerciseAnswers,
  courseCertificates,
  communityMembers,
  courses,
};
export type CatalogSchema = typeof schema;
