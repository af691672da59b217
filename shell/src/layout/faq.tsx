import { Link } from 'react-router-dom';
import { Accordion, type AccordionItem } from '@agentdock/ui';

export const FAQ: readonly AccordionItem[] = [
  {
    id: 'plans',
    title: 'What do the subscription plans include?',
    content: (
      <p>
        Every plan comes with a monthly allowance of platform credits, a set of AI agents and a number of API calls. Start on the Free plan, move up to Starter or Pro for more
        agents and credits, or ask us for an Enterprise plan. The <Link to="/pricing">pricing page</Link> compares them.
      </p>
    ),
  },
  {
    id: 'credits',
    title: 'Do unused credits roll over to the next month?',
    content: <p>No. Your credits are topped up to your plan's allowance at the start of each billing period, and credits you did not use in a period do not roll over.</p>,
  },
  {
    id: 'cancel',
    title: 'Can I cancel my subscription at any time?',
    content: (
      <p>
        Yes. Cancel from <Link to="/manage-subscription">Manage Subscription</Link>; you keep your plan until the end of the current billing period and are not charged again.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'How do I pay?',
    content: <p>By credit or debit card, through our payment provider's secure checkout. Your card details go straight to the provider; Agentdock never sees or stores them.</p>,
  },
  {
    id: 'agents',
    title: 'What can the AI agents do for my business?',
    content: (
      <p>
        Our agents prepare your meetings, brainstorm startup ideas, act as a thought partner for founders and generate images, among other things. See{' '}
        <Link to="/models">Our AI Agents</Link> for the full list and which plan includes each one.
      </p>
    ),
  },
  {
    id: 'course',
    title: 'What is the AI course?',
    content: (
      <p>
        A hands-on course that teaches you to use and build AI agents for your business, with a monthly subscription you can cancel anytime.{' '}
        <Link to="/courses">Explore the course</Link>.
      </p>
    ),
  },
  {
    id: 'community',
    title: 'Is there a community I can join?',
    content: <p>Yes. Course members join our community chat server to ask questions, share what they build and learn from other founders and teams.</p>,
  },
];

/** The footer's questions; its own chunk, loaded when the visitor comes to them (footer-faq.tsx). */
export function FaqList() {
  return <Accordion items={FAQ} headingLevel={3} />;
}
