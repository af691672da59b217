import * as z from 'zod/mini';
import { currencyCode } from './plan';

export const COURSE_IDS = ['ai-fundamentals', 'build-ai-agents', 'advanced-implementation', 'customer-service'] as const;
export const courseId = z.string().check(z.minLength(1), z.maxLength(64));

export const course = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fullDescription: z.string(),
  estimatedDuration: z.string(),
  level: z.string(),
  /** Members now (counted from enrolments, never a figure typed in). */
  students: z.number().check(z.int(), z.nonnegative()),
  /** Share of the members holding the certificate, 0–1; null while too few members for it to mean much. */
  completionRate: z.nullable(z.number().check(z.gte(0), z.lte(1))),
  /** Per month, in integer minor units of `currency`. */
  priceMinor: z.number().check(z.int(), z.nonnegative()),
  currency: currencyCode,
  image: z.string(),
  instructor: z.object({ name: z.string(), role: z.string(), image: z.string() }),
  modules: z.array(z.object({ title: z.string(), lessons: z.array(z.string()) })),
  whatYouGet: z.array(z.string()),
});
export type Course = z.infer<typeof course>;
/** A course as the code defines it, before the figures counted from its members are added. */
export type CourseDefinition = Omit<Course, 'students' | 'completionRate'>;
export const courseList = z.object({ courses: z.array(course) });

/** GET /api/catalog/community: the $50/month community course on /courses. */
export const communityOffer = z.object({
  title: z.string(),
  /** Per month, in integer minor units of `currency`. */
  priceMinor: z.number().check(z.int(), z.nonnegative()),
  currency: currencyCode,
  learnings: z.array(z.string()),
  inviteUrl: z.url(),
  /** Live community subscriptions now. */
  members: z.number().check(z.int(), z.nonnegative()),
});
export type CommunityOffer = z.infer<typeof communityOffer>;

/** GET /api/catalog/courses/:id/enrolment (signed in). */
export const enrolmentStatus = z.object({ courseId: z.string(), enrolled: z.boolean() });
export type EnrolmentStatus = z.infer<typeof enrolmentStatus>;

/** POST /api/catalog/admin/courses/:id/enrolments (admin) → 201 enrolment. */
export const enrolmentGrant = z.object({ userId: z.uuid() });
export const ENROLMENT_SOURCES = ['admin', 'subscription'] as const;
export const enrolment = z.object({ courseId: z.string(), userId: z.uuid(), source: z.enum(ENROLMENT_SOURCES), createdAt: z.string() });
export type Enrolment = z.infer<typeof enrolment>;
export const enrolmentList = z.object({ enrolments: z.array(enrolment) });

/** Discussion of one course, members only: GET/POST /api/catalog/courses/:id/discussion. */
export const DISCUSSION_COMMENT_MAX_LENGTH = 5000;
export const discussionCommentInput = z.object({
  body: z.string().check(z.trim(), z.minLength(1, 'Write a comment first'), z.maxLength(DISCUSSION_COMMENT_MAX_LENGTH)),
});
export const discussionComment = z.object({
  id: z.uuid(),
  courseId: z.string(),
  authorId: z.uuid(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type DiscussionComment = z.infer<typeof discussionComment>;
export const discussionCommentList = z.object({ comments: z.array(discussionComment) });
