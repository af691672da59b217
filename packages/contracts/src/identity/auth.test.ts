import { signUpRequest } from './auth';

const messages = (body: unknown) => Object.fromEntries((signUpRequest.safeParse(body).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('sign-up body', () => {
  it('asks for a missing email and password in words a user understands', () => {
    expect(messages({ codeChallenge: 'a'.repeat(43) })).toEqual({ email: 'Enter your email address', password: 'Enter a password' });
  });

  it('explains a malformed email and a short password', () => {
    expect(messages({ email: 'ada', password: 'short', codeChallenge: 'a'.repeat(43) })).toEqual({
      email: 'Enter a valid email address',
      password: 'Password should be at least 8 characters',
    });
  });

  it('normalises the address it accepts', () => {
    expect(signUpRequest.parse({ email: '  Ada@Example.COM ', password: 'long enough', codeChallenge: 'a'.repeat(43) }).email).toBe('ada@example.com');
  });
});
