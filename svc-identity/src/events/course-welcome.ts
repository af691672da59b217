import { courseWelcomeV1 } from '@agentdock/contracts';
import { idempotentHandler, type SubscribeOptions, type TransactionRunner } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { users } from '../db/schema';
import { escapeHtml } from '../domain/html';
import type { Email, Mailer } from '../domain/mailer';

export const COURSE_WELCOME_CONSUMER = 'svc-identity-course-welcome';

/** The welcome email of a paid course: the link opens its first lesson. */
export function courseWelcomeEmail(to: string, courseTitle: string, firstLessonTitle: string | null, url: string): Email {
  const label = firstLessonTitle ? `Start with "${firstLessonTitle}"` : 'Open the course';
  const paragraphs = [
    `Welcome to ${courseTitle}! Your membership is active.`,
    'Work through the lessons at your own pace: your progress is saved, and completing every lesson earns you a certificate.',
  ];
  return {
    to,
    subject: `Welcome to ${courseTitle}`,
    text: [...paragraphs, `${label}: ${url}`, '— Agentdock'].join('\n\n'),
    html: [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`, '<p>— Agentdock</p>'].join('\n'),
    links: [url],
  };
}

/** svc-identity owns the address, so it sends the catalog's course welcome. */
export function courseWelcomeConsumer(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions {
  return {
    durable: COURSE_WELCOME_CONSUMER,
    subject: courseWelcomeV1.subject,
    handler: idempotentHandler({
      transaction,
      consumer: COURSE_WELCOME_CONSUMER,
      event: courseWelcomeV1,
      apply: async (tx, data) => {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, data.userId));
        if (!user) return;
        mailer.sendInBackground(courseWelcomeEmail(user.email, data.courseTitle, data.firstLessonTitle, `${publicUrl.replace(/\/$/, '')}${data.firstLessonPath}`));
      },
    }),
  };
}
