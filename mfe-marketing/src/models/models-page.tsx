// Stylesheets are imported by the page entry modules only: the components stay importable in
// jest, which has no CSS transform.
import '../shared/blocks.css';
import './models.css';
import { ModelsContent } from './models-content';

export default function ModelsPage() {
  return <ModelsContent />;
}
