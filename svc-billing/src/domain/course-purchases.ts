import { courseAccessGrantedV1 } from '@agentdock/contracts';
import { type ServiceContext, type Tx } from '@agentdock/service-data';
import type Stripe from 'stripe';
import { type BillingSchema, coursePurchases } from '../db/schema';

/**
 * A paid one-time course checkout opens the course for good: recorded once per session however
 * often its webhook arrives, and announced with the same access event a course subscription
 * sends (the session id stands in for the subscription, and no end ever follows it).
 */
export async function recordCoursePurchase(context: ServiceContext<BillingSchema>, tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  const { userId, kind, courseId } = session.metadata ?? {};
  if (kind !== 'course' || !userId || !courseId || session.payment_status !== 'paid') return;
  const [fresh] = await tx.insert(coursePurchases).values({ sessionId: session.id, userId, courseId }).onConflictDoNothing().returning({ sessionId: coursePurchases.sessionId });
  if (!fresh) return;
  await context.enqueue(tx, courseAccessGrantedV1, { userId, courseId, subscriptionId: session.id, oneTime: true });
}
