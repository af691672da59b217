import '../shared/blocks.css';
import './courses.css';
import { CoursesContent } from './courses-content';

export default function CoursesPage() {
  return <CoursesContent />;
}
