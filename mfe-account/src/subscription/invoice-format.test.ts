import { invoiceFixture } from '../dashboard/testing';
import { invoiceAmount } from './invoice-format';

describe('invoice amounts', () => {
  it('names a promotion code’s discount and the tax included, when there are any', () => {
    expect(invoiceAmount(invoiceFixture())).toBe('$50');
    expect(invoiceAmount(invoiceFixture({ total: 4_000, discount: 1_000 }))).toBe('$40 ($10 discount)');
    expect(invoiceAmount(invoiceFixture({ total: 4_400, discount: 1_000, tax: 400 }))).toBe('$44 ($10 discount, incl. $4 tax)');
  });
});
