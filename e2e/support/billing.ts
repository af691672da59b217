import { expect, type APIRequestContext } from '@playwright/test';
import { type Account, bearer } from './accounts';
import { E2E_PORTS } from './ports';

export const STRIPE = `http://127.0.0.1:${E2E_PORTS.STRIPE_LOCAL_PORT}`;
export const DAY = 86_400;

/** The local provider's test clock, as Stripe's test clocks: renewals, dunning and trial ends fall due. */
export async function advanceClock(request: APIRequestContext, seconds: number): Promise<void> {
  const response = await request.post(`${STRIPE}/v1/test_helpers/advance`, {
    headers: { authorization: 'Bearer sk_test_local' },
    form: { seconds: String(seconds) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Buys Starter monthly with the 4242 test card on the provider's hosted page, without a browser; resolves once identity has the tier. */
export async function buyStarterByApi(request: APIRequestContext, account: Account): Promise<void> {
  const checkout = await request.post('/api/billing/checkout', { headers: bearer(account), data: { kind: 'plan', planId: 'starter', billingPeriod: 'monthly' } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, { form: { cardNumber: '4242 4242 4242 4242' }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect
    .poll(async () => ((await (await request.get('/api/identity/me', { headers: bearer(account) })).json()) as { subscriptionTier: string }).subscriptionTier)
    .toBe('starter');
}

/** One chat reply through the API (the built-in demo provider answers), so the account has usage and a statement line. */
export async function replyByApi(request: APIRequestContext, account: Account): Promise<void> {
  const agents = (await (await request.get('/api/chat/agents', { headers: bearer(account) })).json()) as { agents: Array<{ id: string; producesImages: boolean }> };
  const agent = agents.agents.find((candidate) => !candidate.producesImages)!;
  const sent = await request.post(`/api/chat/agents/${agent.id}/messages`, { headers: bearer(account), data: { message: 'Give me three ideas for a product launch.' } });
  expect(await sent.text()).toContain('event: done');
}
