import * as z from 'zod/mini';
import { CATALOG_BASE } from '../http/bases';
import { currencyCode, MAX_INT4 } from './plan';

export const COURSE_IDS = ['ai-fundamentals', 'build-ai-agents', 'advanced-implementation', 'customer-service'] as const;
export const courseId = z.string().check(z.minLength(1), z.maxLength(64));

/** How a course is paid: once for lasting access, or by the month until cancelled. */
export const COURSE_BILLINGS = ['one_time', 'monthly'] as const;
export type CourseBilling = (typeof COURSE_BILLINGS)[number];
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;

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
  /** In integer minor units of `currency`: once for `one_time`, each month for `monthly`. */
  priceMinor: z.number().check(z.int(), z.nonnegative()),
  currency: currencyCode,
  billing: z.enum(COURSE_BILLINGS),
  /** Archived courses are neither listed nor sold; their members keep access. */
  archived: z.boolean(),
  image: z.string(),
  instructor: z.object({ name: z.string(), role: z.string(), image: z.string() }),
  modules: z.array(z.object({ title: z.string(), lessons: z.array(z.string()) })),
  whatYouGet: z.array(z.string()),
});
export type Course = z.infer<typeof course>;
/** A course as stored, before the figures counted from its members are added. */
export type CourseDefinition = Omit<Course, 'students' | 'completionRate'>;
export const courseList = z.object({ courses: z.array(course) });

/** Where the catalog serves its own course banners and instructor portraits. */
export const COURSE_ASSETS_PATH = `${CATALOG_BASE}/assets/`;
/** The images the catalog serves itself, offered in the console beside an https:// address. */
export const CATALOG_COURSE_IMAGES = {
  banners: ['ai-fundamentals', 'build-ai-agents', 'advanced-implementation', 'customer-service'].map((name) => `${COURSE_ASSETS_PATH}courses/${name}.svg`),
  portraits: ['maya-chen', 'daniel-okafor', 'sofia-lindqvist', 'james-patel'].map((name) => `${COURSE_ASSETS_PATH}instructors/${name}.svg`),
} as const;
export const COURSE_IMAGE_MESSAGE = 'Use an https:// image address or one of the catalog images';
const imageRef = z.string().check(
  z.trim(),
  z.minLength(1, COURSE_IMAGE_MESSAGE),
  z.maxLength(500),
  z.refine((value) => /^https:\/\/[^\s"'<>]+$/.test(value) || /^\/api\/catalog\/assets\/[a-z0-9/_.-]+$/.test(value), COURSE_IMAGE_MESSAGE),
);
const text = (max: number, required: string) => z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, `Keep it under ${max} characters`));

const courseFields = z.object({
  title: text(120, 'Give the course a title'),
  description: text(300, 'Write a short description'),
  /** The course page's longer text; the short description when left empty. */
  fullDescription: z.string().check(z.trim(), z.maxLength(5000, 'Keep it under 5000 characters')),
  level: z.enum(COURSE_LEVELS, 'Choose Beginner, Intermediate or Advanced'),
  estimatedDuration: text(40, 'Say how long it takes, e.g. 4 weeks'),
  priceMinor: z.number('Enter a price').check(z.int('Use whole cents'), z.gte(50, 'The price must be at least 0.50'), z.lte(MAX_INT4, 'That price is too large')),
  currency: currencyCode,
  billing: z.enum(COURSE_BILLINGS, 'Choose one-time or monthly'),
  image: imageRef,
  instructor: z.object({ name: text(80, 'Name the instructor'), role: text(80, "Give the instructor's role"), image: imageRef }),
  /** Module titles in order; lessons are written per module in the console. */
  modules: z.array(text(120, 'Give every module a title')).check(z.minLength(1, 'A course needs at least one module'), z.maxLength(50)),
  whatYouGet: z.array(text(200, 'Leave no empty line')).check(z.maxLength(20)),
});

/** POST /api/catalog/admin/courses: a new course, listed last (its id is made from the title). */
export const courseInput = z.extend(courseFields, {
  fullDescription: z._default(courseFields.shape.fullDescription, ''),
  currency: z._default(courseFields.shape.currency, 'usd'),
  modules: z._default(courseFields.shape.modules, ['Lessons']),
  whatYouGet: z._default(courseFields.shape.whatYouGet, []),
});
export type CourseInput = z.infer<typeof courseInput>;
/** PATCH /api/catalog/admin/courses/:id: only the fields sent change. */
export const coursePatch = z.partial(courseFields);
export type CoursePatch = z.infer<typeof coursePatch>;
/** PUT /api/catalog/admin/courses/order: every course (archived ones too), in the new order. */
export const courseOrder = z.object({ courseIds: z.array(courseId).check(z.minLength(1), z.maxLength(500)) });
export type CourseOrder = z.infer<typeof courseOrder>;

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
/** `purchase`: a one-time course bought with one payment, kept for good. */
export const ENROLMENT_SOURCES = ['admin', 'subscription', 'purchase'] as const;
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
