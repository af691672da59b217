import { ApiError } from '@agentdock/api-client';
import type { Course, CourseOutline, CourseProgress, Lesson } from '@agentdock/contracts';
import { marketingApi } from '../../api/marketing-api';
import { memberApi } from '../../api/member-api';
import { useVisitor } from '../../api/visitor';
import { useResource } from '../../shared/use-resource';

type LessonAnswer = { kind: 'lesson'; lesson: Lesson } | { kind: 'members-only' } | { kind: 'not-found' };

interface LessonData {
  course: Course | null;
  outline: CourseOutline | null;
  lesson: LessonAnswer;
  progress: CourseProgress | null;
}

async function loadLesson(courseId: string, lessonId: string, signedIn: boolean, signal: AbortSignal): Promise<LessonData> {
  const lesson = memberApi.getLesson(courseId, lessonId, { signal }).then(
    (found): LessonAnswer => ({ kind: 'lesson', lesson: found }),
    (error: unknown): LessonAnswer => {
      // 401/403 are the server's members-only rule; 400 is a malformed lesson id in the address.
      if (error instanceof ApiError && (error.status === 401 || error.code === 'not_enrolled')) return { kind: 'members-only' };
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'not-found' };
      throw error;
    },
  );
  const [course, outline, answer, progress] = await Promise.all([
    marketingApi.getCourse(courseId, { signal }),
    marketingApi.getOutline(courseId, { signal }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
    lesson,
    signedIn ? memberApi.getProgress(courseId, { signal }).catch(() => null) : Promise.resolve(null),
  ]);
  return { course, outline, lesson: answer, progress };
}

/**
 * The lesson with its course, outline and the learner's progress, loaded together once the visitor
 * is known: who is asking decides whether the lesson is members-only.
 */
export function useLesson(courseId: string, lessonId: string) {
  const visitor = useVisitor();
  const signedIn = visitor.status === 'signed-in';
  const [data, retry] = useResource(`lesson ${courseId} ${lessonId} ${visitor.status === 'signed-in' ? visitor.user.id : visitor.status}`, (signal) =>
    visitor.status === 'loading' ? new Promise<never>(() => undefined) : loadLesson(courseId, lessonId, signedIn, signal),
  );
  return { data, retry, signedIn };
}
