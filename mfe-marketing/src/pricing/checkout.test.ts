/** @jest-environment jsdom */
import { planFixture } from '@agentdock/contracts/testing';
import { CHECKOUT_NOT_OPEN_ALERT, startCheckout } from './checkout';

describe('startCheckout before billing exists', () => {
  it('tells the customer how to subscribe and goes nowhere', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const navigate = jest.fn();

    startCheckout(planFixture(), 'monthly', navigate);

    expect(alert).toHaveBeenCalledWith(CHECKOUT_NOT_OPEN_ALERT);
    expect(CHECKOUT_NOT_OPEN_ALERT).toContain('sales@agentdock.example');
    expect(navigate).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
