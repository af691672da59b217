import { BILLING_ERROR_CODES } from '../billing/constants';
import { BILLING_TEXTS } from '../billing/texts';
import { IDENTITY_ERROR_CODES } from '../identity/error-codes';
import { PUBLIC_API_ERRORS } from '../public-api/openai';
import { ADMIN_REQUIRED } from './access';
import { ERROR_CATALOGUE, type ErrorCode, errorStatus, errorText } from './error-catalogue';

/**
 * Texts older than the house style, kept word for word because the pages show them and their
 * tests (end-to-end ones among them) assert them so. A new code meets the style.
 */
const LEGACY_WORDING: Partial<Record<ErrorCode, string>> = {
  validation_failed: 'Some fields are invalid',
  internal_error: 'An unexpected error occurred',
  invalid_credentials: 'Invalid login credentials',
  course_not_found: 'Course Not Found',
  lesson_not_found: 'Lesson Not Found',
  invalid_plan: 'Invalid plan selected',
  unknown_course: 'Course not found',
  unknown_pack: 'Credit pack not found',
  subscription_not_found: 'Subscription not found',
};

const entries = Object.entries(ERROR_CATALOGUE) as Array<[ErrorCode, { status: number; text: string }]>;

/** Starts with a capital, ends with a full stop, question or exclamation mark, and is not Title Case. */
function styleProblems(text: string): string[] {
  const problems: string[] = [];
  if (text.trim() !== text || text === '') problems.push('is empty or padded');
  if (!/^\p{Lu}/u.test(text)) problems.push('does not start with a capital');
  if (!/[.!?]$/.test(text)) problems.push('does not end with punctuation');
  const rest = text.split(/\s+/).slice(1);
  if (rest.length > 0 && rest.filter((word) => /^\p{Lu}/u.test(word)).length * 2 >= rest.length) problems.push('is in Title Case');
  return problems;
}

describe('the error catalogue', () => {
  it('has a client or server error status for every code', () => {
    for (const [code, { status }] of entries) {
      expect({ code, status, ok: Number.isInteger(status) && status >= 400 && status <= 599 }).toEqual({ code, status, ok: true });
    }
  });

  it('gives every code a sentence-case text ending in punctuation (or its listed legacy wording)', () => {
    const problems = entries.flatMap(([code, { text }]) => (LEGACY_WORDING[code] === undefined ? styleProblems(text).map((problem) => `${code}: "${text}" ${problem}`) : []));
    expect(problems).toEqual([]);
  });

  it('keeps the legacy wordings word for word, and only those that need the exception', () => {
    for (const [code, legacy] of Object.entries(LEGACY_WORDING) as Array<[ErrorCode, string]>) {
      expect({ code, text: errorText(code) }).toEqual({ code, text: legacy });
      expect({ code, problems: styleProblems(legacy).length > 0 }).toEqual({ code, problems: true });
    }
  });

  it('names codes in snake_case, no two differing only by case', () => {
    const codes = entries.map(([code]) => code);
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(new Set(codes.map((code) => code.toLowerCase())).size).toBe(codes.length);
  });

  it('answers status and text by code', () => {
    expect(errorStatus('price_not_found')).toBe(422);
    expect(errorText('admin_required')).toBe('Access denied. Admin privileges required.');
    expect(errorText('api_key_limit_reached')).toBe('You have 20 API keys, the most an account can have. Revoke one to make another.');
  });

  it('is where the names the remotes use and the texts they show come from', () => {
    for (const code of [...Object.values(IDENTITY_ERROR_CODES), ...Object.values(BILLING_ERROR_CODES), ...Object.keys(PUBLIC_API_ERRORS)]) {
      expect(ERROR_CATALOGUE).toHaveProperty([code]);
    }
    expect(ADMIN_REQUIRED.message).toBe(errorText(ADMIN_REQUIRED.code));
    expect(BILLING_TEXTS.noSubscriptionForPortal).toBe(errorText(BILLING_ERROR_CODES.noCustomer));
    expect(BILLING_TEXTS.alreadySubscribed).toBe(errorText(BILLING_ERROR_CODES.alreadySubscribed));
  });
});
