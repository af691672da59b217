import { email as emailAddress } from '@agentdock/contracts';

export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/** Name, email and message are required; the email must be an address sign-up would accept. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = 'Please enter your name.';
  const email = values.email.trim();
  if (!email) errors.email = 'Please enter your email address.';
  else if (!emailAddress.safeParse(email).success) errors.email = 'Please enter a valid email address.';
  if (!values.message.trim()) errors.message = 'Please enter a message.';
  return errors;
}

/** A mail draft (RFC 6068) to `to`, with subject and body built from the form. */
export function contactMailto(to: string, values: ContactValues): string {
  const name = values.name.trim();
  const subject = `Agentdock enquiry from ${name}`;
  // Mail bodies use CRLF line breaks.
  const body = [`Name: ${name}`, `Email: ${values.email.trim()}`, '', values.message.trim()].join('\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
