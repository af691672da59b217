import { randomUUID } from 'node:crypto';
import { adminMessagesQuery, adminWalletsQuery, chatSendRequest, walletAdjustment } from '../index';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('chat message body', () => {
  it('keeps the message trimmed', () => {
    expect(chatSendRequest.parse({ message: '  Prepare my board meeting \n' }).message).toBe('Prepare my board meeting');
  });

  it.each([
    ['an empty message', '   ', 'Type a message first'],
    ['a message over 8000 characters', 'a'.repeat(8001), 'At most 8000 characters'],
    ['a NUL character', 'hello\u0000world', 'Remove control characters'],
    ['an escape character', 'hello\u001b[31m', 'Remove control characters'],
    ['a DEL character', 'hello\u007f', 'Remove control characters'],
  ])('refuses %s', (_case, message, expected) => {
    expect(firstMessage(chatSendRequest.safeParse({ message }))).toBe(expected);
  });

  it('accepts line breaks and tabs inside a message, and exactly 8000 characters', () => {
    expect(chatSendRequest.parse({ message: 'line one\nline two\r\n\tindented' }).message).toBe('line one\nline two\r\n\tindented');
    expect(chatSendRequest.safeParse({ message: 'a'.repeat(8000) }).success).toBe(true);
  });
});

describe('admin wallet lookups and adjustments', () => {
  const [a, b] = [randomUUID(), randomUUID()];

  it('splits a comma-separated id list, trimming spaces and dropping empty parts', () => {
    expect(adminWalletsQuery.parse({ userIds: ` ${a} ,,${b}, ` }).userIds).toEqual([a, b]);
  });

  it.each([
    ['an empty list', ' , ', 'Give at least one user id'],
    ['an id that is not a UUID', `${a},nobody`, 'Each user id must be a UUID'],
    ['more than 100 ids', Array.from({ length: 101 }, () => randomUUID()).join(','), 'At most 100 user ids'],
  ])('refuses %s', (_case, userIds, expected) => {
    expect(firstMessage(adminWalletsQuery.safeParse({ userIds }))).toBe(expected);
  });

  it('accepts exactly 100 ids', () => {
    expect(adminWalletsQuery.parse({ userIds: Array.from({ length: 100 }, () => randomUUID()).join(',') }).userIds).toHaveLength(100);
  });

  it.each([
    ['a deduction', -250],
    ['an addition', 250],
    ['the largest addition', 1_000_000_000],
    ['the largest deduction', -1_000_000_000],
  ])('accepts %s', (_case, credits) => {
    expect(walletAdjustment.parse({ credits, reason: ' goodwill ' })).toEqual({ credits, reason: 'goodwill' });
  });

  it.each([
    ['zero credits', { credits: 0, reason: 'x' }, 'Credits must not be 0'],
    ['a fraction', { credits: 1.5, reason: 'x' }, 'Credits must be a whole number'],
    ['more than a billion', { credits: 1_000_000_001, reason: 'x' }, 'At most 1,000,000,000 credits at once'],
    ['less than minus a billion', { credits: -1_000_000_001, reason: 'x' }, 'At most 1,000,000,000 credits at once'],
    ['a blank reason', { credits: 5, reason: '   ' }, 'Give a reason'],
    ['a reason over 500 characters', { credits: 5, reason: 'r'.repeat(501) }, 'At most 500 characters'],
  ])('refuses %s', (_case, body, expected) => {
    expect(firstMessage(walletAdjustment.safeParse(body))).toBe(expected);
  });

  it('pages recent replies 20 at a time unless told otherwise, 1 to 100', () => {
    expect(adminMessagesQuery.parse({}).limit).toBe(20);
    expect(adminMessagesQuery.parse({ limit: '100' }).limit).toBe(100);
    expect(adminMessagesQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(adminMessagesQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
