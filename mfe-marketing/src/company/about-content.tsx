import { Card, Container, LinkButton, PageHeader } from '@agentdock/ui';
import { SafeHtml } from '../content/safe-html';
import { useSiteContent } from '../content/use-content-section';

export function AboutContent() {
  const content = useSiteContent();
  const mission = content?.get('about.mission');
  const values = content?.children('about.values') ?? [];
  return (
    <>
      <PageHeader eyebrow="Company" title="About" lead="We help businesses put AI agents to work, and teach teams to build their own." />
      <Container>
        <div className="mk-about-banner" role="img" aria-label="Agentdock: AI agents working alongside a business team" />
      </Container>
      <Container className="ad-section mk-about" aria-busy={content === undefined}>
        {mission && (
          <section aria-labelledby="about-mission">
            <h2 id="about-mission">{mission.title}</h2>
            <SafeHtml html={mission.html} className="ad-lead" />
          </section>
        )}
        {values.length > 0 && (
          <section aria-labelledby="about-values">
            <h2 id="about-values">Our core values</h2>
            <ul className="ad-grid ad-plain-list mk-values">
              {values.map((value) => (
                <Card as="li" key={value.id}>
                  <h3>{value.title}</h3>
                  <SafeHtml html={value.html} className="ad-muted" />
                </Card>
              ))}
            </ul>
          </section>
        )}
        <div className="ad-row">
          <LinkButton to="/our-story">Read our story</LinkButton>
          <LinkButton to="/contact" variant="secondary">
            Contact us
          </LinkButton>
        </div>
      </Container>
    </>
  );
}
