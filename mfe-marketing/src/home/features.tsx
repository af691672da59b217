import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Card, Container, SITE_FOOTER_ID } from '@agentdock/ui';
import { SafeHtml } from '../content/safe-html';
import { useSiteContent } from '../content/use-content-section';
import { ChatIcon, CourseIcon, RobotIcon, ToolIcon } from './feature-icons';
import { CONTACT_ID, FEATURES_ID } from './section-ids';

interface Feature {
  /** The card's text is the catalog section `home.features.<key>`. */
  key: string;
  Icon: ComponentType;
  /** The card's heading when the catalog has no text for it. */
  title: string;
  link: { to: string; label: string };
}

/** The spec's four feature cards; where each leads is part of the page, the words are the operator's. */
const FEATURES: readonly Feature[] = [
  { key: 'personal-agents', Icon: RobotIcon, title: 'Personal AI agents', link: { to: '/models', label: 'Meet the agents' } },
  { key: 'tailored-agents', Icon: ToolIcon, title: 'Agents tailored to you', link: { to: `#${CONTACT_ID}`, label: 'Get in touch' } },
  { key: 'course', Icon: CourseIcon, title: 'AI course', link: { to: '/courses', label: 'Explore the course' } },
  { key: 'community', Icon: ChatIcon, title: 'Community', link: { to: `#${SITE_FOOTER_ID}`, label: 'Join the community' } },
];

export function Features() {
  const content = useSiteContent();
  const intro = content?.get('home.features');
  return (
    <section id={FEATURES_ID} className="ad-section" aria-labelledby="features-title">
      <Container>
        <div className="mk-section-intro">
          <span className="ad-eyebrow">What you get</span>
          <h2 id="features-title">{intro?.title ?? 'Everything you need to work with AI'}</h2>
          {intro?.html && <SafeHtml html={intro.html} className="ad-lead" />}
        </div>
        <ul className="ad-grid ad-plain-list">
          {FEATURES.map((feature) => {
            const text = content?.get(`home.features.${feature.key}`);
            return (
              <Card as="li" key={feature.key} className="mk-feature">
                <span className="mk-feature__icon" aria-hidden="true">
                  <feature.Icon />
                </span>
                <h3>{text?.title ?? feature.title}</h3>
                <div className="mk-feature__text">{text?.html && <SafeHtml html={text.html} className="ad-muted" />}</div>
                <Link className="mk-feature__link" to={feature.link.to}>
                  {feature.link.label} <span aria-hidden="true">→</span>
                </Link>
              </Card>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}
