import { useState } from 'react';
import { Alert, Button, type Parsed, SITE, TextAreaField, TextField, UNEXPECTED_FORM_ERROR, useForm } from '@agentdock/ui';
import type { ContactValues } from './contact-message';

const EMPTY_CONTACT: ContactValues = { name: '', email: '', message: '' };

/**
 * The checks use the platform's email schema (zod), which no first view should download: they
 * load when the visitor starts on the form, and the submit waits for them if need be.
 */
const loadChecks = () => import('./contact-message');

/** Opens the visitor's mail app with a draft to sales; nothing is sent to a server. */
export function ContactForm({ openMailto = (url: string) => void (window.location.href = url) }: { openMailto?: (url: string) => void }) {
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: EMPTY_CONTACT,
    preload: loadChecks,
    parse: async (values): Promise<Parsed<string>> => {
      const { contactMailto, validateContact } = await loadChecks();
      const errors = validateContact(values);
      return Object.keys(errors).length > 0 ? { errors } : { data: contactMailto(SITE.salesEmail, values) };
    },
    submit: (mailto) => {
      openMailto(mailto);
      setSent(true);
    },
    // The checks' chunk did not load, or the browser refused the mail link: nothing the visitor typed is at fault.
    onFailure: () => ({ message: UNEXPECTED_FORM_ERROR, fields: {} }),
    clearErrorOnChange: true,
  });

  const reset = () => {
    form.setValues(EMPTY_CONTACT);
    setSent(false);
  };

  if (sent) {
    return (
      <div className="mk-contact-done" role="status">
        <h3>Your email app is open</h3>
        <p>We opened a draft of your message to {SITE.salesEmail} in your email app. Send it from there and we will get back to you.</p>
        <Button variant="secondary" onClick={reset}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form ref={form.formRef} className="mk-contact-form" noValidate onSubmit={form.onSubmit}>
      {form.formError && <Alert variant="error">{form.formError}</Alert>}
      <TextField label="Name" autoComplete="name" required {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <TextAreaField label="Message" required {...form.field('message')} />
      <Button type="submit" size="lg">
        Send Message
      </Button>
    </form>
  );
}
