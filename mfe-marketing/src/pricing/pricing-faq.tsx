import { Accordion, type AccordionItem } from '@agentdock/ui';

const QUESTIONS: AccordionItem[] = [
  {
    id: 'change-plan',
    title: 'Can I change my plan later?',
    content: (
      <p>
        Yes. You can upgrade or downgrade at any time from your dashboard's Subscription tab or from Manage My Subscription.
        Your new allowance applies from the change.
      </p>
    ),
  },
  {
    id: 'payment-methods',
    title: 'What payment methods do you accept?',
    content: (
      <p>
        We accept all major credit and debit cards. Payments are processed by our payment provider's secure checkout, so your
        card details never reach our servers.
      </p>
    ),
  },
  {
    id: 'enterprise',
    title: 'Do you offer custom plans for Enterprise?',
    content: (
      <p>
        Yes. Enterprise plans are tailored to your organisation: custom credits, agents, API limits and support. Choose
        Enterprise to email our sales team.
      </p>
    ),
  },
];

export function PricingFaq() {
  return (
    <section className="mk-pricing-faq" aria-labelledby="pricing-faq-title">
      <h2 id="pricing-faq-title">Pricing questions</h2>
      <Accordion items={QUESTIONS} headingLevel={3} />
    </section>
  );
}
