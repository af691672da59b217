import type { Logger } from '@agentdock/service-kit';
import type { Db } from '@agentdock/service-data';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailbox } from '../db/schema';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, so the local mailbox can list them. */
  links: string[];
}

export interface Mailer {
  /**
   * Sends without making the caller wait: requests that may or may not send an email (unknown
   * address) answer in the same time either way. Failures are logged.
   */
  sendInBackground(email: Email): void;
  /**
   * Runs `compose` (look-ups, code storage) and sends what it returns, all off the request path:
   * a request about a known address must not take longer than one about an unknown address.
   */
  composeInBackground(compose: () => Promise<Email | undefined>): void;
  /** Resolves when every background send has finished (before the database closes). */
  idle(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  logger: Logger;
  from: string;
  /** SMTP when set; otherwise nodemailer's JSON transport and the local mailbox table. */
  smtpUrl: string | undefined;
}

/** Every email goes through nodemailer; without SMTP, what it built is kept in the mailbox table. */
export function createMailer({ db, logger, from, smtpUrl }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();
  const send = async (email: Email) => {
    await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    if (!smtpUrl) await db.insert(mailbox).values(email);
  };
  const composeInBackground = (compose: () => Promise<Email | undefined>) => {
    const sending = compose()
      .then(async (email) => {
        if (!email) return;
        await send(email).catch((error: unknown) => logger.error({ err: error, subject: email.subject }, 'an email could not be sent'));
      })
      .catch((error: unknown) => logger.error({ err: error }, 'an email could not be prepared'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };
  return {
    sendInBackground: (email) => composeInBackground(async () => email),
    composeInBackground,
    async idle() {
      await Promise.all(pending);
    },
  };
}
