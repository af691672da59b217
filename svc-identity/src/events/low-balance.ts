import { chatCreditsLowV1, PRICING_PATH } from '@agentdock/contracts';
import type { SubscribeOptions, TransactionRunner } from '@agentdock/service-data';
import { composeEmail } from '../domain/emails';
import type { Email, Mailer } from '../domain/mailer';
import { userEmailConsumer } from './user-email';

export const LOW_BALANCE_CONSUMER = 'svc-identity-chat-credits-low';

/** The low-balance email; chat publishes the event at most once per credit period. */
export function lowBalanceEmail(to: string, balance: number, renewsAt: string, pricingUrl: string): Email {
  const renews = new Date(renewsAt).toUTCString().slice(0, 16);
  return composeEmail(
    to,
    'Your Agentdock credits are running low',
    [`You have ${balance.toLocaleString('en-US')} platform credits left for this period.`, `Your credits renew on ${renews}. Upgrade your plan if you need more before then.`],
    { label: 'See plans', url: pricingUrl },
  );
}

/** svc-identity owns the address, so it is the one that emails about chat's low balance. */
export function lowBalanceConsumer(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions {
  return userEmailConsumer({
    durable: LOW_BALANCE_CONSUMER,
    event: chatCreditsLowV1,
    transaction,
    mailer,
    compose: (to, data) => lowBalanceEmail(to, data.balance, data.renewsAt, `${publicUrl.replace(/\/$/, '')}${PRICING_PATH}`),
  });
}
