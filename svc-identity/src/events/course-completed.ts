import { certificatePath, courseCompletedV1, linkedInAddCertificationUrl, linkedInShareUrl } from '@agentdock/contracts';
import type { SubscribeOptions, TransactionRunner } from '@agentdock/service-data';
import { composeEmail } from '../domain/emails';
import type { Email, Mailer } from '../domain/mailer';
import { userEmailConsumer } from './user-email';

export const COURSE_COMPLETED_CONSUMER = 'svc-identity-course-completed';

/** The congratulation on finishing a course: the certificate's page, and LinkedIn's add and share links. */
export function courseCompletedEmail(to: string, completion: { courseTitle: string; certificateCode: string; completedAt: string }, publicUrl: string): Email {
  const certificateUrl = `${publicUrl.replace(/\/$/, '')}${certificatePath(completion.certificateCode)}`;
  const certificate = { courseTitle: completion.courseTitle, code: completion.certificateCode, completedAt: completion.completedAt };
  return composeEmail(
    to,
    `You completed ${completion.courseTitle}`,
    [
      `Congratulations! You completed every lesson of ${completion.courseTitle}.`,
      `Your certificate is ready. Anyone can check it is genuine with its verification code, ${completion.certificateCode}.`,
    ],
    [
      { label: 'See and download your certificate', url: certificateUrl },
      { label: 'Add it to your LinkedIn profile', url: linkedInAddCertificationUrl(certificate, certificateUrl) },
      { label: 'Share it on LinkedIn', url: linkedInShareUrl(certificateUrl) },
    ],
  );
}

/** svc-identity owns the address, so it sends the catalog's congratulation. */
export function courseCompletedConsumer(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions {
  return userEmailConsumer({ durable: COURSE_COMPLETED_CONSUMER, event: courseCompletedV1, transaction, mailer, compose: (to, data) => courseCompletedEmail(to, data, publicUrl) });
}
