import { Container, LinkButton, Skeleton } from '@agentdock/ui';
import { SafeHtml } from '../content/safe-html';
import { useContentSection } from '../content/use-content-section';
import { FEATURES_ID } from './section-ids';

/** Shown when the catalog has no hero section or cannot be reached. */
const FALLBACK_TITLE = 'AI agents for business';

export function Hero() {
  const hero = useContentSection('home.hero');
  return (
    <section className="mk-hero" aria-labelledby="hero-title" aria-busy={hero === undefined}>
      <Container className="mk-hero__inner">
        <span className="ad-eyebrow">AI agents for business</span>
        {hero === undefined ? (
          <div className="mk-hero__placeholder" aria-hidden="true">
            <Skeleton height="3rem" />
            <Skeleton height="3rem" width="70%" />
            <Skeleton width="90%" />
            <Skeleton width="80%" />
          </div>
        ) : (
          <>
            <h1 id="hero-title">{hero?.title ?? FALLBACK_TITLE}</h1>
            {hero && <SafeHtml html={hero.html} className="ad-lead" />}
          </>
        )}
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
