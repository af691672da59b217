import { Link } from 'react-router-dom';
import { Card, Container, PageHeader } from '@agentdock/ui';
import { COURSES } from './course-list';

export default function CoursesPage() {
  return (
    <>
      <PageHeader
        eyebrow="AI course"
        title="Courses"
        lead="Learn to use and build AI agents for your business, with a community of founders and teams learning alongside you."
      />
      <Container className="ad-section ad-section--flush-top">
        <ul className="ad-grid ad-plain-list">
          {COURSES.map((course) => (
            <Card as="li" key={course.id}>
              <h2 className="ad-card__title">
                <Link to={`/courses/${course.id}`}>{course.title}</Link>
              </h2>
              <p className="ad-muted">
                ${course.pricePerMonth} per month
              </p>
            </Card>
          ))}
        </ul>
      </Container>
    </>
  );
}
