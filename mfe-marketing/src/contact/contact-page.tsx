import './contact-form.css';
import { Card, Container, PageHeader, SITE } from '@agentdock/ui';
import { ContactForm } from './contact-form';

export default function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Company" title="Contact" lead="Questions about plans, agents or the course, or an agent you would like us to build for you? We are happy to help." />
      <Container className="ad-section ad-section--flush-top">
        <div className="mk-contact-page">
          <div className="ad-stack">
            <Card>
              <h2 className="ad-card__title">Email support</h2>
              <p>
                <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
              </p>
              <p className="ad-muted">We'll respond within 24 hours</p>
            </Card>
            <Card>
              <h2 className="ad-card__title">Join the community</h2>
              <p className="ad-muted">Ask the community and our team in our chat server.</p>
              <p>
                <a href={SITE.communityInviteUrl} target="_blank" rel="noopener noreferrer">
                  {SITE.communityInviteUrl.replace(/^https:\/\//, '')}
                  <span className="ad-visually-hidden"> (community invite link, opens in a new tab)</span>
                </a>
              </p>
            </Card>
          </div>
          <Card>
            <h2 className="ad-card__title">Send us a Message</h2>
            <ContactForm />
          </Card>
        </div>
      </Container>
    </>
  );
}
