import { Accordion } from '@agentdock/ui';
import { SafeHtml } from '../content/safe-html';
import { useSiteContent } from '../content/use-content-section';

/** The pricing questions, written in the catalog (slots pricing.faq.*); hidden when there are none. */
export function PricingFaq() {
  const questions = useSiteContent()?.children('pricing.faq') ?? [];
  if (questions.length === 0) return null;
  return (
    <section className="mk-pricing-faq" aria-labelledby="pricing-faq-title">
      <h2 id="pricing-faq-title">Pricing questions</h2>
      <Accordion headingLevel={3} items={questions.map((question) => ({ id: question.id, title: question.title, content: <SafeHtml html={question.html} /> }))} />
    </section>
  );
}
