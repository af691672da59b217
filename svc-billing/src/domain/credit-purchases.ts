import { creditsPurchasedV1, teamCreditsPurchasedV1 } from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type Stripe from 'stripe';
import { type BillingSchema, creditPurchases } from '../db/schema';
import { resolveCreditPack } from './checkout-rules';

/** A paid credit-pack checkout, announced once per session however often its webhook arrives. */
export async function recordCreditPurchase(context: ServiceContext<BillingSchema>, tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  const { userId, packId } = session.metadata ?? {};
  if (!userId || !packId || session.payment_status !== 'paid') return;
  const pack = resolveCreditPack(packId);
  const [fresh] = await tx.insert(creditPurchases).values({ sessionId: session.id, userId }).onConflictDoNothing().returning({ sessionId: creditPurchases.sessionId });
  if (!fresh) return;
  const purchase = { userId, purchaseId: session.id, packId, credits: pack.credits, amount: session.amount_total ?? pack.amount, currency: session.currency ?? pack.currency };
  // A pack bought for a team fills the team's pool, not the wallet of the member who paid.
  const { organisationId } = session.metadata ?? {};
  if (organisationId) await context.enqueue(tx, teamCreditsPurchasedV1, { ...purchase, organisationId });
  else await context.enqueue(tx, creditsPurchasedV1, purchase);
}
