import { Card, Container } from '@agentdock/ui';
import { ContactForm } from '../contact/contact-form';
import { CONTACT_ID } from './section-ids';

export function ContactSection() {
  return (
    <section id={CONTACT_ID} className="ad-section" aria-labelledby="contact-title">
      <Container className="mk-contact">
        <div>
          <span className="ad-eyebrow">Contact</span>
          <h2 id="contact-title">Get in Touch</h2>
          <p className="ad-lead">Tell us about your business and the agents you need. Your message opens in your own email app, ready to send.</p>
        </div>
        <Card>
          <ContactForm />
        </Card>
      </Container>
    </section>
  );
}
