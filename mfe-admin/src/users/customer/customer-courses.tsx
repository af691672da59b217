import { Link } from 'react-router-dom';
import type { CustomerLearning } from '@agentdock/contracts';
import { formatDateTime, formatNumber } from '../../console/format';
import { LoadStates } from '../../console/load-states';
import { useCustomerLearning } from './use-customer';

const MEMBERSHIP_SOURCES: Record<NonNullable<CustomerLearning['courses'][number]['membership']>['source'], string> = {
  admin: 'granted by an admin',
  subscription: 'through a course subscription',
  purchase: 'bought once',
};

export function CustomerCourses({ userId }: { userId: string }) {
  const learning = useCustomerLearning(userId);
  return (
    <div className="adm-breakdown">
      <h3>Courses</h3>
      <LoadStates loaded={learning} label="Courses">
        {({ courses }) =>
          courses.length === 0 ? (
            <p className="adm-empty">No courses yet.</p>
          ) : (
            <ul className="adm-list" aria-label="Course progress">
              {courses.map((course) => (
                <li key={course.courseId} className="adm-list__row" data-testid={`customer-course-${course.courseId}`}>
                  <span>
                    <strong>{course.title}</strong>
                    {`: ${formatNumber(course.completed)} of ${formatNumber(course.total)} lessons completed. `}
                    {course.membership
                      ? `Member since ${formatDateTime(course.membership.since)}, ${MEMBERSHIP_SOURCES[course.membership.source]}.`
                      : 'No access to the course now.'}
                    {course.certificate && (
                      <>
                        {' Certificate '}
                        <Link to={`/certificates/${course.certificate.code}`} className="adm-code">
                          {course.certificate.code}
                        </Link>
                        {` (${formatDateTime(course.certificate.completedAt)})`}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </div>
  );
}
