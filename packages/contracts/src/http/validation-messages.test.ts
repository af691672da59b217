import { z } from 'zod';
import { productIssueMessage } from './validation-messages';

function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input, { error: productIssueMessage });
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]!.message;
}

describe('productIssueMessage', () => {
  it.each([
    ['an empty required text', z.string().min(1), '', 'This field is required.'],
    ['a missing field', z.object({ name: z.string() }), {}, 'This field is required.'],
    ['null for a number', z.number(), null, 'This field is required.'],
    ['words for a number', z.number(), 'fifty', 'Enter a number.'],
    ['a fraction for an integer', z.number().int(), 1.5, 'Enter a whole number.'],
    ['a short password', z.string().min(8), 'abc', 'Enter at least 8 characters.'],
    ['a long name', z.string().max(120), 'x'.repeat(121), 'Use at most 120 characters.'],
    ['a negative limit', z.number().int().min(0), -5, 'Enter 0 or more.'],
    ['a huge amount', z.number().int().max(2_147_483_647), 3e9, 'Enter 2,147,483,647 or less.'],
    ['zero where positive', z.number().positive(), 0, 'Enter more than 0.'],
    ['a bad email', z.email(), 'nobody', 'Enter a valid email address, like name@example.com.'],
    ['a bad url', z.url(), 'not a url', 'Enter a full web address, like https://example.com.'],
    ['an unknown option', z.enum(['free', 'pro']), 'gold', 'Choose one of the offered options.'],
    ['an empty list', z.array(z.string()).min(1), [], 'Add at least one entry.'],
    ['an unknown field', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Remove the unknown field b.'],
  ])('words %s as a sentence', (_case, schema, input, expected) => {
    expect(messageOf(schema, input)).toBe(expected);
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().min(8, 'Use at least 8 characters for your password.'), 'abc')).toBe('Use at least 8 characters for your password.');
  });
});
