import '../shared/blocks.css';
import './courses.css';
import { useParams } from 'react-router-dom';
import { CourseDiscussionContent } from './course-discussion-content';

export default function CourseDiscussionPage() {
  const { courseId = '' } = useParams();
  return <CourseDiscussionContent courseId={courseId} />;
}
