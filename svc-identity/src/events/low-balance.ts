import { balanceParts, balanceText, chatCreditsLowV1, PRICING_PATH, walletBalance } from '@agentdock/contracts';
import type { SubscribeOptions, TransactionRunner } from '@agentdock/service-data';
import { composeEmail } from '../domain/emails';
import type { Email, Mailer } from '../domain/mailer';
import { userEmailConsumer } from './user-email';

export const LOW_BALANCE_CONSUMER = 'svc-identity-chat-credits-low';

/**
 * The low-balance email; chat publishes the event at most once per credit period. It quotes the one
 * balance every screen shows (plan plus purchased credits, from the contracts' function).
 */
export function lowBalanceEmail(to: string, low: { balance: number; purchased?: number; renewsAt: string }, pricingUrl: string): Email {
  const balance = walletBalance({ creditsRemaining: low.balance, purchasedCredits: low.purchased ?? 0, refillsAt: low.renewsAt });
  const [plan, purchased] = balanceParts(balance);
  return composeEmail(
    to,
    'Your Agentdock credits are running low',
    [`You have ${balanceText(balance)} left: ${plan} and ${purchased}.`, 'Upgrade your plan or buy credits if you need more before the refill.'],
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
    compose: (to, data) => lowBalanceEmail(to, data, `${publicUrl.replace(/\/$/, '')}${PRICING_PATH}`),
  });
}
