import { z } from 'zod';
import { IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';

/**
 * The local mailbox of the embedded default (never in production): every email svc-identity
 * sent, so each email flow can be finished without an SMTP server.
 * GET /api/identity/dev/mailbox/messages (optionally ?to=<address>) → mailboxMessages, newest first.
 */
export const mailboxMessage = z.object({
  id: z.string().uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Every link in the message, in order (confirmation, sign-in and reset links). */
  links: z.array(z.string()),
  sentAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

export const mailboxMessages = z.object({ messages: z.array(mailboxMessage) });

/** The local mailbox's page (HTML, for people) and its messages (JSON, for tests); server side only. */
export const IDENTITY_MAILBOX_ENDPOINTS = {
  page: defineEndpoint('GET', IDENTITY_BASE, '/dev/mailbox', { response: undefined }),
  messages: defineEndpoint('GET', IDENTITY_BASE, '/dev/mailbox/messages', { response: mailboxMessages }),
} as const;
