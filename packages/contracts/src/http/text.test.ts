import * as z from 'zod/mini';
import { multiLineText, singleLineText } from './text';

describe('user text schemas', () => {
  it('refuses NUL and control characters on one line, keeps the length rules of the base', () => {
    const name = singleLineText(z.string().check(z.minLength(1), z.maxLength(5)));
    expect(name.safeParse('Ada').success).toBe(true);
    expect(name.safeParse('a\u0000b').success).toBe(false);
    expect(name.safeParse('a\nb').success).toBe(false);
    expect(name.safeParse('a\u007Fb').success).toBe(false);
    expect(name.safeParse('toolong').success).toBe(false);
  });

  it('allows tabs and line breaks in multi-line text but not NUL or escape', () => {
    const body = multiLineText();
    expect(body.safeParse('line 1\r\n\tline 2').success).toBe(true);
    expect(body.safeParse('a\u0000').success).toBe(false);
    expect(body.safeParse('\u001B[31m').success).toBe(false);
  });
});
