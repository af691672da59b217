import { courseId } from '@agentdock/contracts';
import { z } from 'zod';

/** `:id` of a stored record: a malformed id is a 400 naming the field, never a database error. */
export const recordParams = z.object({ id: z.uuid('Not a valid id') });

/** `:id` of a course; an unknown one is the domain's 404. */
export const courseParams = z.object({ id: courseId });

export const courseMemberParams = courseParams.extend({ userId: z.uuid('Not a valid user id') });

/** `:id/…/:lessonId` of a lesson of a course. */
export const lessonParams = courseParams.extend({ lessonId: z.uuid('Not a valid lesson id') });

export const certificateParams = z.object({ code: z.string().max(64) });
