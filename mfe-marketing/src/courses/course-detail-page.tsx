import { useParams } from 'react-router-dom';
import { Container, LinkButton, PageHeader } from '@agentdock/ui';
import { findCourse } from './course-list';

export default function CourseDetailPage() {
  const { courseId } = useParams();
  const course = findCourse(courseId);

  if (!course) {
    return (
      <PageHeader title="Course Not Found" lead="We could not find this course.">
        <LinkButton to="/courses">Back to Courses</LinkButton>
      </PageHeader>
    );
  }

  return (
    <>
      <PageHeader eyebrow="Course" title={course.title} lead={`$${course.pricePerMonth} per month`} />
      <Container className="ad-section ad-section--flush-top">
        <LinkButton to="/courses" variant="secondary">
          All courses
        </LinkButton>
      </Container>
    </>
  );
}
