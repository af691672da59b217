import * as z from 'zod/mini';
import { lessonVideo } from './lesson-text';

export const LESSON_VIDEO_URL_MESSAGE =
  'Use an https embed link from YouTube (youtube.com/embed/…) or Vimeo (player.vimeo.com/video/…), or an https link to an .mp4, .webm or .ogg file';
const videoUrl = z.string().check(
  z.trim(),
  z.maxLength(500),
  z.refine((url) => lessonVideo(url) !== null, LESSON_VIDEO_URL_MESSAGE),
);

export const LESSON_BODY_MAX_LENGTH = 50_000;
export const EXERCISE_ANSWER_MAX_LENGTH = 10_000;

const lessonFields = z.object({
  /** Index of the module in the course's code-owned list of modules. */
  moduleIndex: z.number().check(z.int(), z.nonnegative(), z.lte(50)),
  title: z.string().check(z.trim(), z.minLength(1, 'Give the lesson a title'), z.maxLength(200)),
  /** Markdown; rendered and sanitised on save like the operator's content sections. */
  body: z.string().check(z.maxLength(LESSON_BODY_MAX_LENGTH)),
  videoUrl: z.nullable(videoUrl),
  estimatedMinutes: z.number().check(z.int(), z.gte(1, 'At least one minute'), z.lte(600)),
  exercisePrompt: z.nullable(z.string().check(z.trim(), z.maxLength(2000))),
  /** Visitors may open a preview lesson; every other lesson is for members. */
  isPreview: z.boolean(),
  isPublished: z.boolean(),
});

/** POST /api/catalog/admin/courses/:id/lessons: a new lesson goes last in its module. */
export const lessonInput = z.extend(lessonFields, {
  body: z._default(lessonFields.shape.body, ''),
  videoUrl: z._default(lessonFields.shape.videoUrl, null),
  estimatedMinutes: z._default(lessonFields.shape.estimatedMinutes, 10),
  exercisePrompt: z._default(lessonFields.shape.exercisePrompt, null),
  isPreview: z._default(lessonFields.shape.isPreview, false),
  isPublished: z._default(lessonFields.shape.isPublished, false),
});
export type LessonInput = z.infer<typeof lessonInput>;
/** PATCH /api/catalog/admin/courses/:id/lessons/:lessonId: only the fields sent change. */
export const lessonPatch = z.partial(lessonFields);
export type LessonPatch = z.infer<typeof lessonPatch>;
/** PUT /api/catalog/admin/courses/:id/lessons/order: every lesson of the course, in its new order. */
export const lessonOrder = z.object({ lessonIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(500)) });

/** One line of a course's outline. */
export const lessonSummary = z.object({
  id: z.uuid(),
  moduleIndex: z.number(),
  title: z.string(),
  estimatedMinutes: z.number(),
  isPreview: z.boolean(),
});
export type LessonSummary = z.infer<typeof lessonSummary>;

/** GET /api/catalog/courses/:id/outline: the published lessons by module (public). */
export const courseOutline = z.object({
  courseId: z.string(),
  modules: z.array(z.object({ title: z.string(), lessons: z.array(lessonSummary) })),
});
export type CourseOutline = z.infer<typeof courseOutline>;

/** GET /api/catalog/courses/:id/lessons/:lessonId: a preview for anyone, the others for members. */
export const lesson = z.object({
  ...lessonSummary.shape,
  courseId: z.string(),
  moduleTitle: z.string(),
  /** Rendered and sanitised HTML of the Markdown body; browsers sanitise it again. */
  html: z.string(),
  videoUrl: z.nullable(z.string()),
  exercisePrompt: z.nullable(z.string()),
  previousLessonId: z.nullable(z.uuid()),
  nextLessonId: z.nullable(z.uuid()),
});
export type Lesson = z.infer<typeof lesson>;

/** An admin's view of a lesson: the Markdown source and the unpublished ones too. */
export const adminLesson = z.object({
  ...lessonFields.shape,
  id: z.uuid(),
  courseId: z.string(),
  position: z.number(),
  html: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminLesson = z.infer<typeof adminLesson>;
export const adminLessonList = z.object({ lessons: z.array(adminLesson) });

/** The learner's private answer to a lesson's exercise. */
export const exerciseAnswerInput = z.object({ answer: z.string().check(z.maxLength(EXERCISE_ANSWER_MAX_LENGTH)) });
export const exerciseAnswer = z.object({ answer: z.string(), updatedAt: z.nullable(z.string()) });
export type ExerciseAnswer = z.infer<typeof exerciseAnswer>;

export const certificate = z.object({
  code: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  learnerName: z.string(),
  completedAt: z.string(),
});
export type Certificate = z.infer<typeof certificate>;

/** GET /api/catalog/courses/:id/progress (signed in): the caller's progress through the published lessons. */
export const courseProgress = z.object({
  courseId: z.string(),
  completedLessonIds: z.array(z.uuid()),
  completed: z.number(),
  total: z.number(),
  percent: z.number(),
  /** The first published lesson not completed yet (the course's first when none is). */
  nextLessonId: z.nullable(z.uuid()),
  certificate: z.nullable(certificate),
});
export type CourseProgress = z.infer<typeof courseProgress>;

/** GET /api/catalog/me/learning (signed in): courses started and certificates earned, for the dashboard. */
export const learningSummary = z.object({
  courses: z.array(z.object({ courseId: z.string(), title: z.string(), completed: z.number(), total: z.number(), percent: z.number(), nextLessonId: z.nullable(z.uuid()) })),
  certificates: z.array(certificate),
});
export type LearningSummary = z.infer<typeof learningSummary>;
