import { errorText, type Course } from '@agentdock/contracts';
import { LinkButton, PageHeader, signInHref, useDocumentTitle } from '@agentdock/ui';
import { coursePath, lessonPath } from '../paths';

/** The catalog's text for not_enrolled, shown for a lesson the visitor may not read. */
export const MEMBERS_ONLY_LESSON = errorText('not_enrolled');

// What shows in place of a lesson that does not exist, or that the visitor may not read.

export function LessonNotFound({ courseId }: { courseId: string | null }) {
  useDocumentTitle('Lesson Not Found');
  return (
    <PageHeader title="Lesson Not Found" lead="We could not find this lesson. It may have moved or never existed.">
      <LinkButton to={courseId ? coursePath(courseId) : '/courses'}>{courseId ? 'Back to the course' : 'Back to Courses'}</LinkButton>
    </PageHeader>
  );
}

export function MembersOnly({ course, signedIn, lessonId }: { course: Course; signedIn: boolean; lessonId: string }) {
  useDocumentTitle(course.title);
  return (
    <PageHeader eyebrow={course.title} title="Members Only" lead={MEMBERS_ONLY_LESSON}>
      <div className="ad-row">
        <LinkButton to={coursePath(course.id)}>See the course</LinkButton>
        {!signedIn && (
          <LinkButton to={signInHref(lessonPath(course.id, lessonId))} variant="secondary">
            Sign in
          </LinkButton>
        )}
      </div>
    </PageHeader>
  );
}
