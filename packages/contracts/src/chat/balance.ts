import { formatCreditCount } from './rules';
import type { Wallet } from './wallet';

/**
 * The one balance every screen shows (header, dashboard, chat, account, admin): plan credits plus
 * purchased credits. Credits held for a reply still being written are already taken from the
 * wallet when it starts (and the unused part comes back when it ends), so the balance is always
 * what can be spent now, never the balance plus or minus what is in flight; the statement shows
 * such a reply as in progress until it is settled.
 */
export interface Balance {
  total: number;
  plan: {
    credits: number;
    /** The next monthly refill; null when the plan ends before it (a cancellation's end). */
    refillsAt: string | null;
    /** When a cancelled plan ends and its credits with it; null while it renews. */
    endsAt: string | null;
  };
  /** Bought credits: they never expire. */
  purchased: number;
}

type BalanceSource = Pick<Wallet, 'creditsRemaining' | 'purchasedCredits' | 'refillsAt'>;

/** `endsAt`: the end of a plan set to cancel (billing's `currentPeriodEnd`); no refill is promised past it. */
export function walletBalance(wallet: BalanceSource, { endsAt = null }: { endsAt?: string | null } = {}): Balance {
  const ended = endsAt !== null && Date.parse(wallet.refillsAt) >= Date.parse(endsAt);
  return {
    total: wallet.creditsRemaining + wallet.purchasedCredits,
    plan: { credits: wallet.creditsRemaining, refillsAt: ended ? null : wallet.refillsAt, endsAt: ended ? endsAt : null },
    purchased: wallet.purchasedCredits,
  };
}

/** A day as the balance names it: "Dec 27" (UTC, the day refills and renewals are counted in). */
export function balanceDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** @example balanceText(balance); // '1,411,300 credits' */
export function balanceText(balance: Balance): string {
  return `${formatCreditCount(balance.total)} credits`;
}

/**
 * The balance's two parts in words.
 * @example balanceParts(balance); // ['911,300 plan credits (refill on Dec 27)', '500,000 purchased credits (never expire)']
 */
export function balanceParts(balance: Balance): [string, string] {
  const when = balance.plan.refillsAt ? `refill on ${balanceDay(balance.plan.refillsAt)}` : balance.plan.endsAt ? `end on ${balanceDay(balance.plan.endsAt)}` : 'no refill';
  return [`${formatCreditCount(balance.plan.credits)} plan credits (${when})`, `${formatCreditCount(balance.purchased)} purchased credits (never expire)`];
}
