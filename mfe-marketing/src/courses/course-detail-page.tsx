import '../shared/blocks.css';
import './courses.css';
import { useParams } from 'react-router-dom';
import { CourseDetailContent } from './course-detail-content';

export default function CourseDetailPage() {
  const { courseId = '' } = useParams();
  return <CourseDetailContent courseId={courseId} />;
}
