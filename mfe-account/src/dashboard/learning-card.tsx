import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { progressText } from '@agentdock/contracts';
import { Card, ProgressBar } from '@agentdock/ui';
import { useAccountQueries } from '../query/account-queries';
import { formatDate } from './format';

const LEARNING_FAILED = 'Failed to load your courses';

/** Courses in progress or just joined (with a link to the first unfinished lesson) and certificates earned. */
export function LearningCard() {
  const learning = useQuery(useAccountQueries().learning);
  // Nothing started and nothing earned: the Quick Links' "Learn AI" already points at the courses.
  if (learning.isPending || (learning.isSuccess && learning.data.courses.length === 0 && learning.data.certificates.length === 0)) return null;
  return (
    <Card as="section" aria-labelledby="acc-learning-title">
      <h2 id="acc-learning-title" className="acc-card__title">
        Your Courses
      </h2>
      {learning.isError ? (
        <p className="ad-muted">{LEARNING_FAILED}</p>
      ) : (
        <>
          {learning.data.courses.length > 0 && (
            <ul className="ad-plain-list acc-learning" aria-label="Courses in progress">
              {learning.data.courses.map((course) => (
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
          {learning.data.certificates.length > 0 && (
            <ul className="ad-plain-list acc-learning" aria-label="Certificates">
              {learning.data.certificates.map((certificate) => (
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
