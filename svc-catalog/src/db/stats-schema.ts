import type { RollupDefinition } from '@agentdock/service-data';
import { bigint, date, pgTable, primaryKey, text } from '@agentdock/service-data/pg-core';

/**
 * The admin figures' rollups (migration 0008), kept by triggers on `course_enrolments` and
 * `lesson_completions` in the transaction that writes the row, whatever the write path; the views
 * `*_recomputed` state the same figures from the raw rows, for the backfill and `npm run stats:verify`.
 */
/** Members who joined each course per UTC day. */
export const catalogMembersDaily = pgTable(
  'catalog_members_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    courseId: text('course_id').notNull(),
    members: bigint('members', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.courseId] })],
);

/** Each course's members now (one row per course, not one per day of its history). */
export const catalogCourseMembers = pgTable('catalog_course_members', {
  courseId: text('course_id').primaryKey(),
  members: bigint('members', { mode: 'number' }).notNull().default(0),
});

/** Lessons marked complete per UTC day. */
export const catalogCompletionsDaily = pgTable('catalog_completions_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  completions: bigint('completions', { mode: 'number' }).notNull().default(0),
});

/** Each rollup and the view of migration 0008 that recomputes it from the raw rows (`npm run stats:verify -- catalog`). */
export const catalogRollups: readonly RollupDefinition[] = [
  { table: 'catalog_members_daily', recomputed: 'catalog_members_daily_recomputed', keys: ['day', 'course_id'], values: ['members'] },
  { table: 'catalog_course_members', recomputed: 'catalog_course_members_recomputed', keys: ['course_id'], values: ['members'] },
  { table: 'catalog_completions_daily', recomputed: 'catalog_completions_daily_recomputed', keys: ['day'], values: ['completions'] },
];
