import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPastDueV1,
  subscriptionPlanChangedV1,
  paymentReceivedV1,
  subscriptionTrialEndingV1,
} from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { eq } from '@agentdock/service-data/orm';
import type { z } from 'zod';
import { users } from '../src/db/schema';
import { latestEmail, signUpConfirmed, startIdentity, type IdentityHarness } from './helpers';

describe('billing events in identity', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  async function publish<T extends string, D extends z.ZodType>(event: EventDefinition<T, D>, data: z.infer<D>) {
    const envelope = { id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'svc-billing', data };
    await identity.bus.bus.publish(event.subject, envelope);
    return envelope;
  }
  const dbTier = async (userId: string) => (await identity.service.context.db.select().from(users).where(eq(users.id, userId)))[0]?.subscriptionTier;
  const facts = (userId: string, tier: 'starter' | 'professional') => ({
    userId,
    subscriptionId: 'sub_1',
    tier,
    billingPeriod: 'monthly' as const,
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
  });

  it('follows activation, a plan change and the end of the subscription', async () => {
    const { session } = await signUpConfirmed(identity.url);
    const userId = session.user.id;
    await publish(subscriptionActivatedV1, facts(userId, 'starter'));
    await eventually(async () => (await dbTier(userId)) === 'starter');
    await publish(subscriptionPlanChangedV1, { ...facts(userId, 'professional'), previousTier: 'starter' });
    await eventually(async () => (await dbTier(userId)) === 'professional');
    await publish(subscriptionCanceledV1, { userId, subscriptionId: 'sub_1', tier: 'professional', reason: 'unpaid', endedAt: new Date().toISOString() });
    await eventually(async () => (await dbTier(userId)) === 'free');
  });

  it('lets an admin decision stand: Enterprise is never overwritten, and an ended subscription does not undo a later admin tier', async () => {
    const { session } = await signUpConfirmed(identity.url);
    const control = (await signUpConfirmed(identity.url)).session.user.id;
    const userId = session.user.id;
    await identity.service.context.db.update(users).set({ subscriptionTier: 'enterprise' }).where(eq(users.id, userId));
    // Each event is followed by the same event for a control user: once that one applied, so had ours.
    await publish(subscriptionActivatedV1, facts(userId, 'starter'));
    await publish(subscriptionActivatedV1, facts(control, 'starter'));
    await eventually(async () => (await dbTier(control)) === 'starter');
    expect(await dbTier(userId)).toBe('enterprise');

    await identity.service.context.db.update(users).set({ subscriptionTier: 'professional' }).where(eq(users.id, userId));
    const ended = { subscriptionId: 'sub_1', tier: 'starter' as const, reason: 'canceled' as const, endedAt: new Date().toISOString() };
    await publish(subscriptionCanceledV1, { ...ended, userId });
    await publish(subscriptionCanceledV1, { ...ended, userId: control });
    await eventually(async () => (await dbTier(control)) === 'free');
    expect(await dbTier(userId)).toBe('professional');
  });

  it('emails the dunning reminder with the link to fix the card', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    await publish(subscriptionPastDueV1, {
      userId: session.user.id,
      subscriptionId: 'sub_2',
      tier: 'starter',
      graceEndsAt: '2026-12-08T00:00:00.000Z',
      manageUrl: 'http://localhost:3000/manage-subscription',
    });
    const message = await latestEmail(identity.url, email, /payment failed/);
    expect(message.text).toContain('You keep access until Tue, 08 Dec 2026.');
    expect(message.links).toEqual(['http://localhost:3000/manage-subscription']);
  });

  it('emails a receipt for a subscription payment with the amount and the billing link', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    await publish(paymentReceivedV1, {
      userId: session.user.id,
      invoiceId: 'in_123',
      subscriptionId: 'sub_3',
      description: 'Starter plan',
      reason: 'renewal',
      amount: 5_000,
      currency: 'usd',
      paidAt: '2026-12-01T00:00:00.000Z',
      manageUrl: 'http://localhost:3000/manage-subscription',
    });
    const message = await latestEmail(identity.url, email, /receipt/);
    expect(message.text).toContain('Thank you for your payment of $50.00 for your Starter plan (renewal) on Tue, 01 Dec 2026.');
    expect(message.links).toEqual(['http://localhost:3000/manage-subscription']);
  });

  it("links the receipt to that invoice's hosted page when billing names it", async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    await publish(paymentReceivedV1, {
      userId: session.user.id,
      invoiceId: 'in_456',
      subscriptionId: 'sub_4',
      description: 'Pro plan',
      reason: 'first-payment',
      amount: 10_000,
      currency: 'usd',
      paidAt: '2026-12-01T00:00:00.000Z',
      manageUrl: 'http://localhost:3000/manage-subscription',
      hostedInvoiceUrl: 'http://stripe.test/i/in_456',
      invoicePdfUrl: 'http://stripe.test/invoice/in_456/pdf',
    });
    const message = await latestEmail(identity.url, email, /receipt/);
    expect(message.links).toEqual(['http://stripe.test/i/in_456']);
    expect(message.html).toContain('View invoice');
  });

  it('emails three days before a trial ends: the move to free without a card, the charge with one', async () => {
    const trial = {
      subscriptionId: 'sub_5',
      tier: 'starter' as const,
      trialEnd: '2026-12-15T00:00:00.000Z',
      amount: 5_000,
      currency: 'usd',
      manageUrl: 'http://localhost:3000/manage-subscription',
    };
    const noCard = await signUpConfirmed(identity.url);
    await publish(subscriptionTrialEndingV1, { ...trial, userId: noCard.session.user.id, cardOnFile: false });
    const warning = await latestEmail(identity.url, noCard.email, /trial ends/);
    expect(warning.subject).toBe('Your Starter trial ends on Tue, 15 Dec 2026');
    expect(warning.text).toContain('No card is on file, so your account then moves to the free plan.');
    const withCard = await signUpConfirmed(identity.url);
    await publish(subscriptionTrialEndingV1, { ...trial, userId: withCard.session.user.id, cardOnFile: true });
    expect((await latestEmail(identity.url, withCard.email, /trial ends/)).text).toContain('Your card will then be charged $50.00 and your Starter plan continues.');
  });
});
