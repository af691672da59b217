import { ErrorState, LoadingBlock } from '@agentdock/ui';
import { LessonNotFound, MembersOnly } from './lesson/lesson-gates';
import { LessonView } from './lesson/lesson-view';
import { useLesson } from './lesson/use-lesson';

export { MEMBERS_ONLY_LESSON } from './lesson/lesson-gates';

/** One lesson of a course: its text, video and exercise, the outline beside it, and the learner's progress. */
export function LessonContent({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { data, retry, signedIn } = useLesson(courseId, lessonId);
  if (data.status === 'loading') return <LoadingBlock label="Loading the lesson…" />;
  if (data.status === 'failed') {
    return <ErrorState headingLevel={1} title="This lesson is unavailable right now" message="Please try again in a moment." onRetry={retry} />;
  }
  const { course, outline, lesson, progress } = data.data;
  if (!course || lesson.kind === 'not-found') return <LessonNotFound courseId={course ? courseId : null} />;
  if (lesson.kind === 'members-only') return <MembersOnly course={course} signedIn={signedIn} lessonId={lessonId} />;
  return <LessonView key={lesson.lesson.id} course={course} outline={outline} lesson={lesson.lesson} initialProgress={progress} signedIn={signedIn} />;
}
