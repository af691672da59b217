import '../shared/blocks.css';
import './company.css';
import { Container, LinkButton, PageHeader } from '@agentdock/ui';

const TIMELINE = [
  {
    year: '2024',
    title: 'The Beginning',
    text: 'Agentdock starts with a simple idea: every business should have AI agents that do real work, not just demos.',
  },
  { year: '2025', title: 'Launch', text: 'The platform opens with ten business agents, subscription plans, an AI course and a community.' },
  { year: '2027', title: 'Industry Recognition Goal', text: 'Our goal: to be recognised as a leading provider of business AI agents.' },
  { year: '2028', title: 'Team Expansion Goal', text: 'Our goal: a team of 50+ specialists in AI, engineering and customer success.' },
  { year: '2029', title: 'Global Expansion Goal', text: 'Our goal: serving businesses in 20+ countries.' },
] as const;

const CLAIMS = [
  { value: '500+', label: 'Clients' },
  { value: '20+', label: 'Countries' },
  { value: '100+', label: 'Specialists' },
] as const;

export default function OurStoryPage() {
  return (
    <>
      <PageHeader eyebrow="Company" title="Our Story" lead="How Agentdock began in 2024, and where we are going." />
      <Container className="ad-section ad-section--flush-top">
        <section aria-labelledby="story-timeline">
          <h2 id="story-timeline">Our journey</h2>
          <ol className="mk-timeline">
            {TIMELINE.map((step) => (
              <li key={step.year} className="mk-timeline__step">
                <span className="mk-timeline__year">{step.year}</span>
                <div>
                  <h3>{step.title}</h3>
                  <p className="ad-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="story-numbers" className="mk-claims-section">
          <h2 id="story-numbers">Agentdock in numbers</h2>
          <dl className="mk-stats">
            {CLAIMS.map((claim) => (
              <div key={claim.label} className="mk-stats__item">
                <dt>{claim.label}</dt>
                <dd>{claim.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <LinkButton to="/about" variant="secondary">
          About Agentdock
        </LinkButton>
      </Container>
    </>
  );
}
