import type { z } from 'zod';

/**
 * What a refused field says to the person who typed it. zod's own wording ("Too small: expected
 * string to have >=1 characters") is for developers; these are the sentences the product shows
 * next to a field. A schema that words its own message keeps it: zod only asks this map for checks
 * without one. Undefined leaves zod's text, for checks no form has.
 */
export const productIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      return TYPE_SENTENCES[issue.expected] ?? undefined;
    case 'too_small':
      return tooSmall(issue.origin, issue.minimum, issue.inclusive ?? true);
    case 'too_big':
      return tooBig(issue.origin, issue.maximum, issue.inclusive ?? true);
    case 'invalid_format':
      return FORMAT_SENTENCES[issue.format] ?? 'Enter it in the expected format.';
    case 'invalid_value':
      return 'Choose one of the offered options.';
    case 'not_multiple_of':
      return `Enter a multiple of ${formatLimit(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Remove the unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
};

const TYPE_SENTENCES: Partial<Record<string, string>> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  string: 'Enter text.',
  boolean: 'Choose yes or no.',
  array: 'Enter a list.',
  object: 'Enter the details as asked.',
  date: 'Enter a date.',
};

const FORMAT_SENTENCES: Partial<Record<string, string>> = {
  email: 'Enter a valid email address, like name@example.com.',
  url: 'Enter a full web address, like https://example.com.',
  uuid: 'Enter a valid identifier.',
  datetime: 'Enter a date and time.',
  date: 'Enter a date.',
};

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean): string | undefined {
  const limit = formatLimit(minimum);
  switch (origin) {
    case 'string':
      return Number(minimum) <= 1 ? 'This field is required.' : `Enter at least ${limit} characters.`;
    case 'array':
    case 'set':
      return Number(minimum) <= 1 ? 'Add at least one entry.' : `Add at least ${limit} entries.`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `Enter ${limit} or more.` : `Enter more than ${limit}.`;
    default:
      return undefined;
  }
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean): string | undefined {
  const limit = formatLimit(maximum);
  switch (origin) {
    case 'string':
      return `Use at most ${limit} characters.`;
    case 'array':
    case 'set':
      return `Use at most ${limit} entries.`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `Enter ${limit} or less.` : `Enter less than ${limit}.`;
    default:
      return undefined;
  }
}

function formatLimit(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 6 });
}
