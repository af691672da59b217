import '../shared/blocks.css';
import './company.css';
import { AboutContent } from './about-content';

export default function AboutPage() {
  return <AboutContent />;
}
