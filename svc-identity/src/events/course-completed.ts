import { certificatePath, courseCompletedV1, linkedInAddCertificationUrl, linkedInShareUrl } from '@agentdock/contracts';
import { idempotentHandler, type SubscribeOptions, type TransactionRunner } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { users } from '../db/schema';
import { escapeHtml } from '../domain/html';
import type { Email, Mailer } from '../domain/mailer';

export const COURSE_COMPLETED_CONSUMER = 'svc-identity-course-completed';

/** The congratulation on finishing a course: the certificate's page, and LinkedIn's add and share links. */
export function courseCompletedEmail(to: string, completion: { courseTitle: string; certificateCode: string; completedAt: string }, publicUrl: string): Email {
  const certificateUrl = `${publicUrl.replace(/\/$/, '')}${certificatePath(completion.certificateCode)}`;
  const addToProfile = linkedInAddCertificationUrl({ courseTitle: completion.courseTitle, code: completion.certificateCode, completedAt: completion.completedAt }, certificateUrl);
  const share = linkedInShareUrl(certificateUrl);
  const paragraphs = [
    `Congratulations! You completed every lesson of ${completion.courseTitle}.`,
    `Your certificate is ready. Anyone can check it is genuine with its verification code, ${completion.certificateCode}.`,
  ];
  const links = [
    { label: 'See and download your certificate', url: certificateUrl },
    { label: 'Add it to your LinkedIn profile', url: addToProfile },
    { label: 'Share it on LinkedIn', url: share },
  ];
  return {
    to,
    subject: `You completed ${completion.courseTitle}`,
    text: [...paragraphs, ...links.map((link) => `${link.label}: ${link.url}`), '— Agentdock'].join('\n\n'),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
      '<p>— Agentdock</p>',
    ].join('\n'),
    links: links.map((link) => link.url),
  };
}

/** svc-identity owns the address, so it sends the catalog's congratulation. */
export function courseCompletedConsumer(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions {
  return {
    durable: COURSE_COMPLETED_CONSUMER,
    subject: courseCompletedV1.subject,
    handler: idempotentHandler({
      transaction,
      consumer: COURSE_COMPLETED_CONSUMER,
      event: courseCompletedV1,
      apply: async (tx, data) => {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, data.userId));
        if (!user) return;
        mailer.sendInBackground(courseCompletedEmail(user.email, data, publicUrl));
      },
    }),
  };
}
