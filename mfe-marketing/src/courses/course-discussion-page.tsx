import { Navigate, useParams } from 'react-router-dom';

/** Discussions are for enrolled members; enrolment does not exist yet, so everyone goes to the course. */
export default function CourseDiscussionPage() {
  const { courseId = '' } = useParams();
  return <Navigate to={`/courses/${encodeURIComponent(courseId)}`} replace />;
}
