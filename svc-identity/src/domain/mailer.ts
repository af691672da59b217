import type { Logger } from '@agentdock/service-kit';
import type { Db } from '@agentdock/service-data';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailbox } from '../db/schema';
import { escapeHtml } from './html';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, so the local mailbox can list them. */
  links: string[];
}

/** A text message to a phone number (E.164). */
export interface TextMessage {
  to: string;
  text: string;
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
  /**
   * The same for a text message. There is no SMS provider yet: a text is kept in the mailbox table,
   * addressed to the number, where the local mailbox shows it.
   */
  textInBackground(compose: () => Promise<TextMessage | undefined>): void;
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

/**
 * Every email goes through nodemailer; without SMTP, what it built is kept in the mailbox table.
 * Texts are always kept there, as there is no SMS provider to send them through.
 */
export function createMailer({ db, logger, from, smtpUrl }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();
  const send = async (email: Email) => {
    await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    if (!smtpUrl) await db.insert(mailbox).values(email);
  };
  /** `logged` is what of a message may name it in the log when it fails: never a text's body, which is its code. */
  const inBackground = <T>(what: string, compose: () => Promise<T | undefined>, deliver: (message: T) => Promise<unknown>, logged: (message: T) => object) => {
    const sending = compose()
      .then(async (message) => {
        if (!message) return;
        await deliver(message).catch((error: unknown) => logger.error({ err: error, ...logged(message) }, `${what} could not be sent`));
      })
      .catch((error: unknown) => logger.error({ err: error }, `${what} could not be prepared`))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };
  const composeInBackground = (compose: () => Promise<Email | undefined>) => inBackground('an email', compose, send, (email) => ({ subject: email.subject }));
  return {
    sendInBackground: (email) => composeInBackground(async () => email),
    composeInBackground,
    textInBackground: (compose) =>
      inBackground(
        'a text message',
        compose,
        (message) => db.insert(mailbox).values({ to: message.to, subject: message.text, text: message.text, html: `<p>${escapeHtml(message.text)}</p>`, links: [] }),
        () => ({}),
      ),
    async idle() {
      await Promise.all(pending);
    },
  };
}
