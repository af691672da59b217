import { expect, type APIRequestContext } from '@playwright/test';

/** The mailbox's secret for the suite's platform (the launcher otherwise makes a random one). */
export const MAILBOX_TOKEN = 'e2e-mailbox-token-0123456789';

/** An email in svc-identity's local mailbox (GET /api/identity/dev/mailbox/messages). */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

export async function inbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/api/identity/dev/mailbox/messages?to=${encodeURIComponent(to)}`, { headers: { 'x-mailbox-token': MAILBOX_TOKEN } });
  expect(response.ok(), `mailbox answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/**
 * Runs `action` (which makes the service send `to` an email) and returns the new email whose
 * subject matches; emails go out in the background, so it waits for it.
 */
export async function nextEmail(request: APIRequestContext, to: string, subject: RegExp, action: () => Promise<unknown>): Promise<MailboxMessage> {
  const seen = new Set((await inbox(request, to)).map((message) => message.id));
  await action();
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(request, to)).find((message) => !seen.has(message.id) && subject.test(message.subject));
        return found?.subject;
      },
      { message: `an email to ${to} with a subject like ${subject}` },
    )
    .toBeTruthy();
  return found!;
}

/** The email's link to `path` (e.g. /auth/callback, /reset-password), as a path on the site. */
export function linkTo(message: MailboxMessage, path: string): string {
  const link = message.links.map((candidate) => new URL(candidate)).find((url) => url.pathname === path);
  expect(link, `a link to ${path} in "${message.subject}"`).toBeTruthy();
  return `${link!.pathname}${link!.search}`;
}

/** The 6-digit sign-in code of a one-time-code email. */
export function codeIn(message: MailboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
  expect(code, `a 6-digit code in "${message.subject}"`).toBeTruthy();
  return code!;
}

export const SUBJECTS = {
  confirm: /^Confirm your Agentdock account$/,
  recovery: /^Reset your Agentdock password$/,
  magicLink: /^Your Agentdock sign-in link$/,
  code: /^Your Agentdock sign-in code: \d{6}$/,
} as const;
