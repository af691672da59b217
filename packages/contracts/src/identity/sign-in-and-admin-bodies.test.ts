import { randomUUID } from 'node:crypto';
import { adminUserListQuery, adminUserPatch, passwordSignInRequest, profilePatch, signUpRequest } from '../index';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('messages of the fields a visitor types', () => {
  // The browser's zod/mini has no locale: a check without its own message would say "Invalid input".
  it('says what is wrong with an over-long email, phone, password or name', () => {
    const long = (length: number) => 'a'.repeat(length);
    expect(messages(passwordSignInRequest.safeParse({ email: `${long(250)}@example.com`, password: long(129) }))).toEqual({
      email: 'Email addresses are at most 254 characters',
      password: 'Password should be at most 128 characters',
    });
    expect(messages(passwordSignInRequest.safeParse({ phone: '1'.repeat(21), password: 'pw' }))).toEqual({ phone: 'Phone numbers are at most 20 characters' });
    expect(messages(passwordSignInRequest.safeParse({ phone: '  ', password: 'pw' }))).toMatchObject({ phone: 'Enter your phone number' });
    expect(messages(signUpRequest.safeParse({ email: 'ada@example.com', password: 'long enough', fullName: long(121), codeChallenge: 'a'.repeat(43) }))).toEqual({
      fullName: 'Use at most 120 characters for your name',
    });
  });
});

describe('password sign-in body', () => {
  it.each([
    ['an email address', { email: 'Ada@Example.com', password: 'pw' }],
    ['a phone number', { phone: '+14155550100', password: 'pw' }],
  ])('accepts %s', (_case, body) => {
    expect(passwordSignInRequest.safeParse(body).success).toBe(true);
  });

  it.each([
    ['neither an email nor a phone', { password: 'pw' }],
    ['both an email and a phone', { email: 'ada@example.com', phone: '+14155550100', password: 'pw' }],
  ])('asks for one of them when given %s', (_case, body) => {
    expect(messages(passwordSignInRequest.safeParse(body))).toEqual({ email: 'Enter your email address or phone number' });
  });

  it('asks for the password', () => {
    expect(messages(passwordSignInRequest.safeParse({ email: 'ada@example.com', password: '' }))).toEqual({ password: 'Enter your password' });
  });
});

describe('profile changes', () => {
  it('takes a phone number in international format, or null to remove it', () => {
    expect(profilePatch.parse({ phone: ' +14155550100 ' })).toEqual({ phone: '+14155550100' });
    expect(profilePatch.parse({ phone: null })).toEqual({ phone: null });
    expect(messages(profilePatch.safeParse({ phone: '0415 555 0100' }))).toEqual({
      phone: 'Enter the phone number in international format, e.g. +14155550100',
    });
  });

  it('refuses a name with a line break', () => {
    expect(profilePatch.safeParse({ fullName: 'Ada\nLovelace' }).success).toBe(false);
    expect(profilePatch.parse({ fullName: ' Ada Lovelace ' })).toEqual({ fullName: 'Ada Lovelace' });
  });
});

describe('admin user list and changes', () => {
  const [a, b] = [randomUUID(), randomUUID()];

  it('reads the ids as a comma-separated list, trimming spaces and dropping empty parts', () => {
    expect(adminUserListQuery.parse({ ids: `${a}, ,${b} ` }).ids).toEqual([a, b]);
  });

  it.each([
    ['an empty list', ',', 'Give at least one user id'],
    ['an id that is not a UUID', 'ada', 'Each user id must be a UUID'],
    ['more than 200 ids', Array.from({ length: 201 }, () => randomUUID()).join(','), 'At most 200 user ids'],
  ])('refuses %s', (_case, ids, expected) => {
    expect(adminUserListQuery.safeParse({ ids }).error?.issues[0]?.message).toBe(expected);
  });

  it('pages 50 users from the start unless told otherwise, at most 200', () => {
    expect(adminUserListQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(adminUserListQuery.parse({ limit: '200', offset: '400' })).toEqual({ limit: 200, offset: 400 });
    expect(adminUserListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(adminUserListQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });

  it.each([
    ['a suspension', { isSuspended: true }],
    ['a tier change', { subscriptionTier: 'professional' }],
    ['both', { isSuspended: false, subscriptionTier: 'free' }],
  ])('accepts %s', (_case, patch) => {
    expect(adminUserPatch.parse(patch)).toEqual(patch);
  });

  it('refuses a change that changes nothing', () => {
    expect(messages(adminUserPatch.safeParse({}))).toEqual({ '': 'Send isSuspended or subscriptionTier' });
  });
});
