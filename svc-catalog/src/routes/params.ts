import { courseId } from '@agentdock/contracts';
import { z } from 'zod';

/** `:id` of a stored record: a malformed id is a 400 naming the field, never a database error. */
export const recordParams = z.object({ id: z.uuid('Not a valid id') });

/** `:id` of a course; an unknown one is the domain's 404. */
export const courseParams = z.object({ id: courseId });

const userId = z.uuid('Not a valid user id');

export const courseMemberParams = courseParams.extend({ userId });

/** `:userId` of a customer (admin console); a user the catalog never saw simply has nothing. */
export const customerParams = z.object({ userId });

/** `:id/…/:lessonId` of a lesson of a course. */
export const lessonParams = courseParams.extend({ lessonId: z.uuid('Not a valid lesson id') });

export const certificateParams = z.object({ code: z.string().max(64) });
