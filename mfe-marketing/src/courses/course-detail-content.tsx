import type { Course } from '@agentdock/contracts';
import { Alert, Button, Card, Container, ErrorState, LinkButton, LoadingBlock, PageHeader, useDocumentTitle } from '@agentdock/ui';
import { Link } from 'react-router-dom';
import { loadMarketingApi } from '../api/load-marketing-api';
import { useResource } from '../shared/use-resource';
import { RESOURCE_KEYS } from '../ssr/resource-keys';
import { ACCESS_DELAYED_TEXT, ACCESS_PENDING_TEXT, type CoursePaymentReturn, PAYMENT_CANCELLED_TEXT, useCourseCheckout, useCoursePaymentReturn } from './course-checkout';
import { CourseCommunity } from './course-community';
import { perMonth } from './format';
import { useEnrolment, type EnrolmentState } from './use-enrolment';

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
  return (
    <>
      <div className="mk-banner">
        <PageHeader eyebrow="Course" title={course.title} lead={course.description}>
          <dl className="mk-course-facts">
            <Fact label="Duration" value={course.estimatedDuration} />
            <Fact label="Level" value={course.level} />
            <Fact label="Students" value={course.students.toLocaleString('en-US')} />
            <Fact label="Price" value={perMonth(course.priceMinor, course.currency)} />
          </dl>
          <StartLearning course={course} enrolment={enrolment} paymentReturn={paymentReturn} />
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
            <ol className="ad-plain-list mk-modules">
              {course.modules.map((module, index) => (
                <li key={module.title} className="mk-module">
                  <h3>
                    <span className="mk-module__number">Module {index + 1}</span> {module.title}
                  </h3>
                  <ul>
                    {module.lessons.map((lesson) => (
                      <li key={lesson}>{lesson}</li>
                    ))}
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
 * Members go straight to their course's discussion; anyone else subscribes to the course's monthly
 * price first (a visitor signs in on the way). Back from paying, the page waits for the access
 * billing grants and says so.
 */
function StartLearning({ course, enrolment, paymentReturn }: { course: Course; enrolment: EnrolmentState; paymentReturn: CoursePaymentReturn }) {
  const coursePath = `/courses/${encodeURIComponent(course.id)}`;
  const checkout = useCourseCheckout(course.id, coursePath);
  if (enrolment === 'enrolled') {
    return (
      <LinkButton to={`${coursePath}/discussion`} size="lg">
        Start Learning
      </LinkButton>
    );
  }
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
          {perMonth(course.priceMinor, course.currency)}, cancel anytime.{enrolment === 'signed-out' ? ' Sign in to subscribe.' : ''}
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
