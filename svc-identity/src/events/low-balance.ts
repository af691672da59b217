import { chatCreditsLowV1, PRICING_PATH } from '@agentdock/contracts';
import { idempotentHandler, type SubscribeOptions, type TransactionRunner } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { users } from '../db/schema';
import { escapeHtml } from '../domain/html';
import type { Email, Mailer } from '../domain/mailer';

export const LOW_BALANCE_CONSUMER = 'svc-identity-chat-credits-low';

/** The low-balance email; chat publishes the event at most once per credit period. */
export function lowBalanceEmail(to: string, balance: number, renewsAt: string, pricingUrl: string): Email {
  const renews = new Date(renewsAt).toUTCString().slice(0, 16);
  const paragraphs = [
    `You have ${balance.toLocaleString('en-US')} platform credits left for this period.`,
    `Your credits renew on ${renews}. Upgrade your plan if you need more before then.`,
  ];
  return {
    to,
    subject: 'Your Agentdock credits are running low',
    text: [...paragraphs, `See plans: ${pricingUrl}`, '— Agentdock'].join('\n\n'),
    html: [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), `<p><a href="${escapeHtml(pricingUrl)}">See plans</a></p>`, '<p>— Agentdock</p>'].join('\n'),
    links: [pricingUrl],
  };
}

/** svc-identity owns the address, so it is the one that emails about chat's low balance. */
export function lowBalanceConsumer(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions {
  return {
    durable: LOW_BALANCE_CONSUMER,
    subject: chatCreditsLowV1.subject,
    handler: idempotentHandler({
      transaction,
      consumer: LOW_BALANCE_CONSUMER,
      event: chatCreditsLowV1,
      apply: async (tx, data) => {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, data.userId));
        if (!user) return;
        mailer.sendInBackground(lowBalanceEmail(user.email, data.balance, data.renewsAt, `${publicUrl.replace(/\/$/, '')}${PRICING_PATH}`));
      },
    }),
  };
}
