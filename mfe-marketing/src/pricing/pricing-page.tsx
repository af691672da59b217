// Stylesheets are imported by the page entry modules only: the components stay importable in
// jest, which has no CSS transform.
import '../shared/blocks.css';
import './pricing.css';
import { PricingContent } from './pricing-content';

export default function PricingPage() {
  return <PricingContent />;
}
