import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, SITE, TextAreaField, TextField } from '@agentdock/ui';
import type { ContactErrors, ContactValues } from './contact-message';

type Phase = 'editing' | 'sent' | 'failed';

const FIELDS = ['name', 'email', 'message'] as const;

const EMPTY_CONTACT: ContactValues = { name: '', email: '', message: '' };

/**
 * The checks use the platform's email schema (zod), which no first view should download: they
 * load when the visitor starts on the form, and the submit waits for them if need be.
 */
const loadChecks = () => import('./contact-message');

/** Opens the visitor's mail app with a draft to sales; nothing is sent to a server. */
export function ContactForm({ openMailto = (url: string) => void (window.location.href = url) }: { openMailto?: (url: string) => void }) {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [phase, setPhase] = useState<Phase>('editing');
  const form = useRef<HTMLFormElement>(null);

  const change = (field: keyof ContactValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let checks: Awaited<ReturnType<typeof loadChecks>>;
    try {
      checks = await loadChecks();
    } catch {
      setPhase('failed');
      return;
    }
    const { contactMailto, validateContact } = checks;
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      (form.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    try {
      openMailto(contactMailto(SITE.salesEmail, values));
      setPhase('sent');
    } catch {
      setPhase('failed');
    }
  };

  const reset = () => {
    setValues(EMPTY_CONTACT);
    setErrors({});
    setPhase('editing');
  };

  if (phase === 'sent') {
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
    <form ref={form} className="mk-contact-form" noValidate onSubmit={(event) => void submit(event)} onFocus={() => void loadChecks().catch(() => undefined)}>
      {phase === 'failed' && <Alert variant="error">An unexpected error occurred. Please try again.</Alert>}
      <TextField label="Name" name="name" autoComplete="name" required value={values.name} onChange={change('name')} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={change('email')} error={errors.email} />
      <TextAreaField label="Message" name="message" required value={values.message} onChange={change('message')} error={errors.message} />
      <Button type="submit" size="lg">
        Send Message
      </Button>
    </form>
  );
}
