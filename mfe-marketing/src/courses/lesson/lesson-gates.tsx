import { errorText, type Course } from '@agentdock/contracts';
import { Alert, Button, LinkButton, PageHeader, signInHref, useDocumentTitle } from '@agentdock/ui';
import { useCourseCheckout } from '../course-checkout';
import { priceTerms } from '../format';
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

/**
 * A lesson the visitor may not read yet offers what opens it: the course's subscription, bought
 * from here (a visitor signs in on the way and comes back to this lesson).
 */
export function MembersOnly({ course, signedIn, lessonId }: { course: Course; signedIn: boolean; lessonId: string }) {
  useDocumentTitle(course.title);
  const checkout = useCourseCheckout(course.id, lessonPath(course.id, lessonId));
  const busy = checkout.state.step === 'redirecting';
  return (
    <PageHeader eyebrow={course.title} title="Members Only" lead={MEMBERS_ONLY_LESSON}>
      {checkout.state.step === 'failed' && <Alert variant="error">{checkout.state.message}</Alert>}
      <div className="ad-row">
        <Button onClick={() => void checkout.start()} disabled={busy} aria-busy={busy} aria-describedby="members-only-price">
          Subscribe to the course
        </Button>
        <LinkButton to={coursePath(course.id)} variant="secondary">
          See the course
        </LinkButton>
        {!signedIn && (
          <LinkButton to={signInHref(lessonPath(course.id, lessonId))} variant="secondary">
            Sign in
          </LinkButton>
        )}
      </div>
      <p id="members-only-price" className="ad-muted">
        {priceTerms(course)}
      </p>
    </PageHeader>
  );
}
