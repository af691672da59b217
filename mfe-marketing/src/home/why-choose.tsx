import { Container } from '@agentdock/ui';
import { SafeHtml } from '../content/safe-html';
import { useSiteContent } from '../content/use-content-section';

/** The reasons to choose Agentdock, written in the catalog (home.why-choose and its items). */
export function WhyChoose() {
  const content = useSiteContent();
  const reasons = content?.children('home.why-choose') ?? [];
  if (reasons.length === 0) return null;
  return (
    <section className="ad-section ad-section--surface" aria-labelledby="why-title">
      <Container>
        <div className="mk-section-intro">
          <span className="ad-eyebrow">Why Agentdock</span>
          <h2 id="why-title">{content?.get('home.why-choose')?.title ?? 'Why Choose Agentdock'}</h2>
        </div>
        <ul className="ad-plain-list mk-reasons">
          {reasons.map((reason) => (
            <li key={reason.id} className="mk-reason">
              <span className="mk-reason__check" aria-hidden="true">
                ✓
              </span>
              <div>
                <h3>{reason.title}</h3>
                <SafeHtml html={reason.html} className="ad-muted" />
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
