import './contact-form.css';
import { Card, Container, PageHeader, SITE } from '@agentdock/ui';
import { ContactForm } from './contact-form';

export default function ContactPage() {
  return (
    <>
      <PageHeader eyebrow="Company" title="Contact" lead="Questions about plans, agents or the course? We are happy to help." />
      <Container className="ad-section ad-section--flush-top">
        <div className="ad-grid ad-align-start">
          <Card>
            <h2 className="ad-card__title">Support</h2>
            <p>
              <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
            </p>
            <p className="ad-muted">
              We'll respond within 24 hours
            </p>
          </Card>
          <Card>
            <h2 className="ad-card__title">Send us a Message</h2>
            <ContactForm />
          </Card>
        </div>
      </Container>
    </>
  );
}
