import { type Course, type CourseOutline, type CourseProgress, progressText } from '@agentdock/contracts';
import { Alert, Button, Card, Container, ErrorState, LinkButton, LoadingBlock, PageHeader, ProgressBar, useDocumentTitle } from '@agentdock/ui';
import { Link } from 'react-router-dom';
import { loadMarketingApi } from '../api/load-marketing-api';
import { loadMemberApi } from '../api/load-member-api';
import { useVisitor } from '../api/visitor';
import { useResource } from '../shared/use-resource';
import { RESOURCE_KEYS } from '../ssr/resource-keys';
import { ACCESS_DELAYED_TEXT, ACCESS_PENDING_TEXT, type CoursePaymentReturn, PAYMENT_CANCELLED_TEXT, useCourseCheckout, useCoursePaymentReturn } from './course-checkout';
import { CourseCommunity } from './course-community';
import { coursePrice, percent, priceTerms } from './format';
import { coursePath, lessonPath } from './paths';
import { useEnrolment, type EnrolmentState } from './use-enrolment';

export const welcomeText = (course: Course) =>
  `Welcome to ${course.title}! Your membership is active and we emailed you the link to the first lesson. Start whenever you are ready.`;

/** The published lessons by module, so titles become links; the page shows plain titles until it arrives. */
function useOutline(courseId: string): CourseOutline | null {
  const [outline] = useResource(RESOURCE_KEYS.outline(courseId), (signal) => loadMarketingApi().then((api) => api.getOutline(courseId, { signal })));
  return outline.status === 'loaded' ? outline.data : null;
}

/** The signed-in learner's progress (kept after a subscription ends), refreshed once membership is known. */
function useProgress(courseId: string, enrolment: EnrolmentState): CourseProgress | null {
  const visitor = useVisitor();
  const userId = visitor.status === 'signed-in' ? visitor.user.id : null;
  const [progress] = useResource(`progress ${courseId} ${userId ?? 'none'} ${enrolment}`, (signal) =>
    userId && enrolment !== 'loading' ? loadMemberApi().then((api) => api.getProgress(courseId, { signal })) : Promise.resolve(null),
  );
  return progress.status === 'loaded' ? progress.data : null;
}

export function CourseDetailContent({ courseId }: { courseId: string }) {
  const [course, retry] = useResource(RESOURCE_KEYS.course(courseId), (signal) => loadMarketingApi().then((api) => api.getCourse(courseId, { signal })));

  if (course.status === 'loading') return <LoadingBlock label="Loading the course…" />;
  if (course.status === 'failed') {
    return <ErrorState headingLevel={1} title="This course is unavailable right now" message="Please try again in a moment." onRetry={retry} />;
  }
  if (!course.data) return <CourseNotFound />;
  return <CourseDetail course={course.data} />;
}

function CourseNotFound() {
  return (
    <PageHeader title="Course Not Found" lead="We could not find this course. It may have moved or never existed.">
      <LinkButton to="/courses">Back to Courses</LinkButton>
    </PageHeader>
  );
}

function CourseDetail({ course }: { course: Course }) {
  useDocumentTitle(course.title, course.description);
  const paymentReturn = useCoursePaymentReturn();
  const enrolment = useEnrolment(course.id, paymentReturn === 'success');
  const outline = useOutline(course.id);
  const progress = useProgress(course.id, enrolment);
  return (
    <>
      <div className="mk-banner">
        <PageHeader eyebrow="Course" title={course.title} lead={course.description}>
          <dl className="mk-course-facts">
            <Fact label="Duration" value={course.estimatedDuration} />
            <Fact label="Level" value={course.level} />
            {course.students > 0 && <Fact label="Members" value={course.students.toLocaleString('en-US')} />}
            {course.completionRate !== null && <Fact label="Completed by" value={percent(course.completionRate)} />}
            <Fact label="Price" value={coursePrice(course)} />
          </dl>
          {paymentReturn === 'success' && enrolment === 'enrolled' && <Alert variant="success">{welcomeText(course)}</Alert>}
          <StartLearning course={course} enrolment={enrolment} paymentReturn={paymentReturn} progress={progress} outline={outline} />
        </PageHeader>
      </div>
      <Container className="ad-section ad-section--flush-top mk-course">
        <div className="mk-course__main">
          {course.image && <img className="mk-course__image" src={course.image} alt="" />}
          <section aria-labelledby="course-about">
            <h2 id="course-about">About this course</h2>
            <p>{course.fullDescription}</p>
          </section>
          <section aria-labelledby="course-modules">
            <h2 id="course-modules">Course content</h2>
            {progress && progress.total > 0 && (
              <div className="mk-course-progress">
                <p>{progressText(progress)}</p>
                <ProgressBar label="Course progress" value={progress.completed} max={progress.total} valueText={progressText(progress)} />
              </div>
            )}
            <ol className="ad-plain-list mk-modules">
              {course.modules.map((module, index) => (
                <li key={module.title} className="mk-module">
                  <h3>
                    <span className="mk-module__number">Module {index + 1}</span> {module.title}
                  </h3>
                  <ul>
                    {outline
                      ? outline.modules[index]?.lessons.map((lesson) => (
                          <li key={lesson.id}>
                            <Link to={lessonPath(course.id, lesson.id)}>{lesson.title}</Link>
                            {progress?.completedLessonIds.includes(lesson.id) && <span aria-label="completed"> ✓</span>}
                            {lesson.isPreview && <span className="ad-muted"> · free preview</span>}
                          </li>
                        ))
                      : module.lessons.map((lesson) => <li key={lesson}>{lesson}</li>)}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <aside className="ad-stack" aria-label="Course details">
          <Card>
            <h2 className="ad-card__title">Your instructor</h2>
            <div className="mk-instructor">
              {course.instructor.image ? (
                <img className="mk-instructor__avatar" src={course.instructor.image} alt="" width="52" height="52" />
              ) : (
                <span className="mk-instructor__avatar" aria-hidden="true">
                  {initials(course.instructor.name)}
                </span>
              )}
              <div>
                <p className="mk-instructor__name">{course.instructor.name}</p>
                <p className="ad-muted">{course.instructor.role}</p>
              </div>
            </div>
          </Card>
          {progress?.certificate && (
            <Card>
              <h2 className="ad-card__title">Your certificate</h2>
              <p className="ad-muted">You completed every lesson of this course.</p>
              <LinkButton to={`/certificates/${progress.certificate.code}`} block>
                View Certificate
              </LinkButton>
            </Card>
          )}
          <CourseCommunity courseId={course.id} enrolment={enrolment} />
          <Card>
            <h2 className="ad-card__title">What you get</h2>
            <ul className="mk-checklist">
              {course.whatYouGet.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Card>
          <Link to="/courses">← All courses</Link>
        </aside>
      </Container>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="mk-course-facts__item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * Members open the first lesson they have not finished ("Continue" once they have started); anyone
 * else subscribes to the course's monthly price first (a visitor signs in on the way). Back from
 * paying, the page waits for the access billing grants and says so.
 */
function StartLearning({
  course,
  enrolment,
  paymentReturn,
  progress,
  outline,
}: {
  course: Course;
  enrolment: EnrolmentState;
  paymentReturn: CoursePaymentReturn;
  progress: CourseProgress | null;
  outline: CourseOutline | null;
}) {
  const checkout = useCourseCheckout(course.id, coursePath(course.id));
  if (enrolment === 'enrolled') {
    const firstLesson = outline?.modules.flatMap((module) => module.lessons)[0]?.id;
    const next = progress?.nextLessonId ?? firstLesson;
    const started = (progress?.completed ?? 0) > 0;
    if (!next) return outline ? <p className="ad-muted">The first lessons of this course open soon.</p> : <LoadingBlock label="Loading your progress…" />;
    return (
      <LinkButton to={lessonPath(course.id, next)} size="lg">
        {started ? 'Continue' : 'Start Learning'}
      </LinkButton>
    );
  }
  // An archived course is no longer sold; its page stays for the members it has.
  if (course.archived && enrolment !== 'loading') return <p className="ad-muted">This course is no longer offered.</p>;
  if (paymentReturn === 'success' && enrolment === 'loading') {
    return (
      <p className="ad-muted" role="status">
        {ACCESS_PENDING_TEXT}
      </p>
    );
  }
  const busy = enrolment === 'loading' || checkout.state.step === 'redirecting';
  return (
    <div className="ad-stack mk-start">
      {paymentReturn === 'success' && enrolment === 'not-enrolled' && <Alert variant="info">{ACCESS_DELAYED_TEXT}</Alert>}
      {paymentReturn === 'cancelled' && <Alert variant="info">{PAYMENT_CANCELLED_TEXT}</Alert>}
      {checkout.state.step === 'failed' && <Alert variant="error">{checkout.state.message}</Alert>}
      <div className="ad-row">
        <Button size="lg" onClick={() => void checkout.start()} disabled={busy} aria-busy={busy} aria-describedby="start-note">
          Start Learning
        </Button>
        <p id="start-note" className="ad-muted">
          {priceTerms(course)}
          {enrolment === 'signed-out' ? (course.billing === 'one_time' ? ' Sign in to buy it.' : ' Sign in to subscribe.') : ''}
        </p>
      </div>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
