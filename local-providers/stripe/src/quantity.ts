import { StripeApiError } from './engine';
import type { LineItemInput } from './store';

/** Stripe's bounds for Checkout's adjustable quantity when the session names none. */
const DEFAULT_MINIMUM = 0;
const DEFAULT_MAXIMUM = 99;
const LARGEST_MAXIMUM = 999_999;

const invalidInteger = (param: string) => new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', `Invalid integer: ${param}`, param);

/** A whole number of at least `minimum` from a form-encoded parameter, or Stripe's error naming it. */
export function wholeNumber(value: unknown, param: string, minimum = 0): number {
  const number = Number(value);
  if (value === '' || !Number.isInteger(number) || number < minimum) throw invalidInteger(param);
  return number;
}

/** The quantity of a Checkout line item (1 when not given) and the bounds the customer may move it between. */
export function lineItemQuantity(item: LineItemInput): { quantity: number; adjustable: { minimum: number; maximum: number } | null } {
  const quantity = item.quantity === undefined ? 1 : wholeNumber(item.quantity, 'line_items[0][quantity]', 1);
  const setting = item.adjustable_quantity;
  if (!setting || String(setting.enabled) !== 'true') return { quantity, adjustable: null };
  const minimum = setting.minimum === undefined ? DEFAULT_MINIMUM : wholeNumber(setting.minimum, 'line_items[0][adjustable_quantity][minimum]');
  const maximum = setting.maximum === undefined ? DEFAULT_MAXIMUM : wholeNumber(setting.maximum, 'line_items[0][adjustable_quantity][maximum]', 1);
  if (maximum > LARGEST_MAXIMUM || minimum > maximum) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'parameter_invalid',
      'adjustable_quantity[minimum] must be less than or equal to adjustable_quantity[maximum], which must be at most 999999.',
      'line_items[0][adjustable_quantity]',
    );
  }
  if (quantity < minimum || quantity > maximum) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'parameter_invalid',
      'The quantity must be between adjustable_quantity[minimum] and adjustable_quantity[maximum].',
      'line_items[0][quantity]',
    );
  }
  return { quantity, adjustable: { minimum: Math.max(minimum, 1), maximum } };
}

/** The quantity the customer chose on the hosted page, checked against the session's bounds. */
export function chosenQuantity(given: unknown, bounds: { minimum: number; maximum: number }): number {
  const quantity = Number(given);
  if (!Number.isInteger(quantity) || quantity < bounds.minimum || quantity > bounds.maximum) {
    throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', `Choose a quantity from ${bounds.minimum} to ${bounds.maximum}.`, 'quantity');
  }
  return quantity;
}
