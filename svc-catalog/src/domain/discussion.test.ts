import { authorNameOf } from './discussion';

describe('the author name on a comment', () => {
  it("is the user's full name when their token carries one", () => {
    expect(authorNameOf({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('is the local part of the email without a name, or with a blank one', () => {
    expect(authorNameOf({ email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(authorNameOf({ name: '   ', email: 'grace.hopper@example.com' })).toBe('grace.hopper');
  });
});
