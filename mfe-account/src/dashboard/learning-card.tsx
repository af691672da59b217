import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOG_ENDPOINTS, type LearningSummary, progressText } from '@agentdock/contracts';
import { isAbortError } from '@agentdock/api-client';
import { Card, ProgressBar } from '@agentdock/ui';
import { useSessionClient } from '@agentdock/session';
import { formatDate } from './format';

const LEARNING_FAILED = 'Failed to load your courses';

/** Courses in progress or just joined (with a link to the first unfinished lesson) and certificates earned. */
export function LearningCard() {
  const client = useSessionClient();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: LearningSummary }>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    client.api.call(CATALOG_ENDPOINTS.learning, { signal: controller.signal }).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [client]);

  // Nothing started and nothing earned: the Quick Links' "Learn AI" already points at the courses.
  if (state.status === 'loading' || (state.status === 'loaded' && state.data.courses.length === 0 && state.data.certificates.length === 0)) return null;
  return (
    <Card as="section" aria-labelledby="acc-learning-title">
      <h2 id="acc-learning-title" className="acc-card__title">
        Your Courses
      </h2>
      {state.status === 'failed' ? (
        <p className="ad-muted">{LEARNING_FAILED}</p>
      ) : (
        <>
          {state.data.courses.length > 0 && (
            <ul className="ad-plain-list acc-learning" aria-label="Courses in progress">
              {state.data.courses.map((course) => (
                <li key={course.courseId}>
                  <p className="acc-wrap">
                    <strong>{course.title}</strong> · {progressText(course)}
                  </p>
                  <ProgressBar label={`${course.title} progress`} value={course.completed} max={course.total} valueText={progressText(course)} />
                  {course.nextLessonId && (
                    <Link
                      to={`/courses/${encodeURIComponent(course.courseId)}/lessons/${course.nextLessonId}`}
                      aria-label={`${course.completed > 0 ? 'Continue' : 'Start'} ${course.title}`}
                    >
                      {course.completed > 0 ? 'Continue' : 'Start'}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
          {state.data.certificates.length > 0 && (
            <ul className="ad-plain-list acc-learning" aria-label="Certificates">
              {state.data.certificates.map((certificate) => (
                <li key={certificate.code}>
                  <Link to={`/certificates/${certificate.code}`}>Certificate: {certificate.courseTitle}</Link>{' '}
                  <span className="ad-muted">completed {formatDate(certificate.completedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
