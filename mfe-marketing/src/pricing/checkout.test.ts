/** @jest-environment jsdom */
import { ApiError } from '@agentdock/api-client';
import { BILLING_ENDPOINTS, BILLING_TEXTS } from '@agentdock/contracts';
import { planFixture } from '@agentdock/contracts/testing';
import { type CheckoutDeps, startCheckout } from './checkout';

function deps(result: { url: string } | Error) {
  const call = jest.fn(async () => {
    if (result instanceof Error) throw result;
    return result;
  });
  return { call, deps: { api: { call }, goTo: jest.fn() } as unknown as CheckoutDeps };
}

describe('startCheckout', () => {
  let alert: jest.SpyInstance;
  beforeEach(() => {
    alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alert.mockRestore());

  it('asks billing for a checkout of the plan and period, then goes to the provider page', async () => {
    const fake = deps({ url: 'http://127.0.0.1:3105/checkout/cs_test_1' });
    await startCheckout(planFixture(), 'annual', jest.fn(), fake.deps);
    expect(fake.call).toHaveBeenCalledWith(BILLING_ENDPOINTS.checkout, { body: { kind: 'plan', planId: 'starter', billingPeriod: 'annual' } });
    expect(fake.deps.goTo).toHaveBeenCalledWith('http://127.0.0.1:3105/checkout/cs_test_1');
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the rule's text and sends a paying customer to the subscription tab", async () => {
    const navigate = jest.fn();
    await startCheckout(planFixture(), 'monthly', navigate, deps(new ApiError(409, 'already_subscribed', BILLING_TEXTS.alreadySubscribed)).deps);
    expect(alert).toHaveBeenCalledWith(BILLING_TEXTS.alreadySubscribed);
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=subscription');

    await startCheckout(planFixture(), 'annual', navigate, deps(new ApiError(422, 'price_not_found', BILLING_TEXTS.priceNotFound)).deps);
    expect(alert).toHaveBeenLastCalledWith('Price configuration not found. Please contact support.');
  });

  it('says checkout failed when billing or the network fails', async () => {
    const fake = deps(new ApiError(502, 'bad_gateway', 'upstream down'));
    await startCheckout(planFixture(), 'monthly', jest.fn(), fake.deps);
    expect(alert).toHaveBeenCalledWith('Failed to process checkout. Please try again.');
    expect(fake.deps.goTo).not.toHaveBeenCalled();
  });

  it('treats only client errors other than 401 as rule texts to show', async () => {
    const shown = async (error: Error) => {
      alert.mockClear();
      await startCheckout(planFixture(), 'monthly', jest.fn(), deps(error).deps);
      return alert.mock.calls[0]?.[0];
    };
    expect(await shown(new ApiError(400, 'invalid_plan', 'Invalid plan selected'))).toBe('Invalid plan selected');
    expect(await shown(new ApiError(499, 'odd', 'odd client error'))).toBe('odd client error');
    // A 401 is a session problem, a 5xx or no response (0) a failure: never a rule to show.
    expect(await shown(new ApiError(401, 'unauthorized', 'token expired'))).toBe(BILLING_TEXTS.checkoutFailed);
    expect(await shown(new ApiError(500, 'internal', 'stack trace'))).toBe(BILLING_TEXTS.checkoutFailed);
    expect(await shown(new ApiError(399, 'odd', 'not an error status'))).toBe(BILLING_TEXTS.checkoutFailed);
    expect(await shown(new ApiError(0, 'network', 'Failed to fetch'))).toBe(BILLING_TEXTS.checkoutFailed);
    expect(await shown(new TypeError('Failed to fetch'))).toBe(BILLING_TEXTS.checkoutFailed);
  });

  it('stays on pricing after any other refusal', async () => {
    const navigate = jest.fn();
    await startCheckout(planFixture(), 'monthly', navigate, deps(new ApiError(400, 'invalid_plan', 'Invalid plan selected')).deps);
    await startCheckout(planFixture(), 'monthly', navigate, deps(new Error('already_subscribed')).deps);
    expect(navigate).not.toHaveBeenCalled();
  });
});
