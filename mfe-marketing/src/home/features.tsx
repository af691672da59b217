import { Link } from 'react-router-dom';
import { Card, Container, SITE_FOOTER_ID } from '@agentdock/ui';
import { ChatIcon, CourseIcon, RobotIcon, ToolIcon } from './feature-icons';
import { CONTACT_ID, FEATURES_ID } from './section-ids';

const FEATURES = [
  {
    Icon: RobotIcon,
    title: 'Personal AI agents',
    text: 'Chat with agents for meeting preparation, startup brainstorming, founder thought partnership and image generation.',
    link: { to: '/models', label: 'Meet the agents' },
  },
  {
    Icon: ToolIcon,
    title: 'Agents tailored to you',
    text: 'Need an agent shaped around your own workflows and data? Tell us what your team needs and we will build it.',
    link: { to: `#${CONTACT_ID}`, label: 'Get in touch' },
  },
  {
    Icon: CourseIcon,
    title: 'AI course',
    text: 'Learn to use and build AI agents for your business with a hands-on course, at your own pace.',
    link: { to: '/courses', label: 'Explore the course' },
  },
  {
    Icon: ChatIcon,
    title: 'Community',
    text: 'Join founders and teams who build with AI in our community chat server: ask, share and learn together.',
    link: { to: `#${SITE_FOOTER_ID}`, label: 'Join the community' },
  },
] as const;

export function Features() {
  return (
    <section id={FEATURES_ID} className="ad-section" aria-labelledby="features-title">
      <Container>
        <div className="mk-section-intro">
          <span className="ad-eyebrow">What you get</span>
          <h2 id="features-title">Everything you need to work with AI</h2>
        </div>
        <ul className="ad-grid ad-plain-list">
          {FEATURES.map((feature) => (
            <Card as="li" key={feature.title} className="mk-feature">
              <span className="mk-feature__icon" aria-hidden="true">
                <feature.Icon />
              </span>
              <h3>{feature.title}</h3>
              <p className="ad-muted">{feature.text}</p>
              <Link className="mk-feature__link" to={feature.link.to}>
                {feature.link.label} <span aria-hidden="true">→</span>
              </Link>
            </Card>
          ))}
        </ul>
      </Container>
    </section>
  );
}
