import { Container } from '@agentdock/ui';

const REASONS = [
  {
    title: 'Built for business work',
    text: 'Each agent is focused on a real task, from preparing a client meeting to sharpening a pitch.',
  },
  {
    title: 'Predictable monthly credits',
    text: 'Every plan includes a fixed monthly credit allowance, so you always know what AI costs you.',
  },
  {
    title: 'Secure card payments',
    text: 'Subscriptions are paid by card through a trusted payment provider; your card never touches our servers.',
  },
  {
    title: 'Learn as you go',
    text: 'The course and community help your team get more out of AI every month.',
  },
];

export function WhyChoose() {
  return (
    <section className="ad-section ad-section--surface" aria-labelledby="why-title">
      <Container>
        <div className="mk-section-intro">
          <span className="ad-eyebrow">Why Agentdock</span>
          <h2 id="why-title">Why Choose Agentdock</h2>
        </div>
        <ul className="mk-reasons">
          {REASONS.map((reason) => (
            <li key={reason.title} className="mk-reason">
              <span className="mk-reason__check" aria-hidden="true">
                ✓
              </span>
              <div>
                <h3>{reason.title}</h3>
                <p className="ad-muted">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
