import '../shared/blocks.css';
import './courses.css';
import './lessons.css';
import { useParams } from 'react-router-dom';
import { LessonContent } from './lesson-content';

export default function LessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  return <LessonContent courseId={courseId} lessonId={lessonId} />;
}
