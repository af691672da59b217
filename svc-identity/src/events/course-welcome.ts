import { courseWelcomeV1 } from '@agentdock/contracts';
import type { SubscribeOptions, TransactionRunner } from '@agentdock/service-data';
import { composeEmail } from '../domain/emails';
import type { Email, Mailer } from '../domain/mailer';
import { userEmailConsumer } from './user-email';

export const COURSE_WELCOME_CONSUMER = 'svc-identity-course-welcome';

/** The welcome email of a paid course: the link opens its first lesson. */
export function courseWelcomeEmail(to: string, courseTitle: string, firstLessonTitle: string | null, url: string): Email {
  return composeEmail(
    to,
    `Welcome to ${courseTitle}`,
    [
      `Welcome to ${courseTitle}! Your membership is active.`,
      'Work through the lessons at your own pace: your progress is saved, and completing every lesson earns you a certificate.',
    ],
    { label: firstLessonTitle ? `Start with "${firstLessonTitle}"` : 'Open the course', url },
  );
}

/** svc-identity owns the address, so it sends the catalog's course welcome. */
export function courseWelcomeConsumer(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions {
  return userEmailConsumer({
    durable: COURSE_WELCOME_CONSUMER,
    event: courseWelcomeV1,
    transaction,
    mailer,
    compose: (to, data) => courseWelcomeEmail(to, data.courseTitle, data.firstLessonTitle, `${publicUrl.replace(/\/$/, '')}${data.firstLessonPath}`),
  });
}
