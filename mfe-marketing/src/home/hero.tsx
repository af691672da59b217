import { Container, LinkButton } from '@agentdock/ui';
import { FEATURES_ID } from './section-ids';

export function Hero() {
  return (
    <section className="mk-hero" aria-labelledby="hero-title">
      <Container className="mk-hero__inner">
        <span className="ad-eyebrow">AI agents for business</span>
        <h1 id="hero-title">Put AI agents to work for your business</h1>
        <p className="ad-lead">
          Ready-made agents that prepare your meetings, brainstorm your next venture, think alongside you as a founder and
          create images, plus a hands-on AI course and a community of builders.
        </p>
        <div className="ad-row mk-hero__actions">
          <LinkButton to="/pricing" size="lg">
            View Pricing
          </LinkButton>
          <LinkButton to={`#${FEATURES_ID}`} size="lg" variant="secondary">
            Learn More
          </LinkButton>
        </div>
      </Container>
    </section>
  );
}
