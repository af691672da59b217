import type { Email } from './mailer';
import { escapeHtml as escape } from './html';

function email(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Email {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— Agentdock'].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`),
    ...(action ? [`<p><a href="${escape(action.url)}">${escape(action.label)}</a></p>`] : []),
    '<p>— Agentdock</p>',
  ].join('\n');
  return { to, subject, text, html, links: action ? [action.url] : [] };
}

/** "1 minute", "10 minutes": the same wording as the sign-in page. */
export const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

const IGNORE = 'If you did not ask for this, you can ignore this email.';

export const emails = {
  confirmSignup: (to: string, url: string) =>
    email(
      to,
      'Confirm your Agentdock account',
      ['Welcome to Agentdock! Confirm your email address to finish creating your account.', 'The link works once, within an hour.', IGNORE],
      {
        label: 'Confirm your email',
        url,
      },
    ),
  alreadyRegistered: (to: string, url: string) =>
    email(
      to,
      'You already have an Agentdock account',
      [
        'Someone (hopefully you) tried to sign up with this address, but you already have an account.',
        'Sign in instead, or reset your password from the sign-in page if you have forgotten it.',
        IGNORE,
      ],
      { label: 'Sign in', url },
    ),
  signInFailures: (to: string, url: string) =>
    email(
      to,
      'Someone is trying to sign in to your Agentdock account',
      [
        'There have been repeated failed attempts to sign in to your account with a password.',
        'If this was you, nothing is wrong: you can still sign in, or use an emailed sign-in link or code. If it was not you, your account is safe as long as your password is not guessed; choose a new, stronger one to be sure.',
      ],
      { label: 'Choose a new password', url },
    ),
  recovery: (to: string, url: string) =>
    email(to, 'Reset your Agentdock password', ['We received a request to reset your password.', 'The link works once, within an hour.', IGNORE], {
      label: 'Choose a new password',
      url,
    }),
  magicLink: (to: string, url: string) =>
    email(to, 'Your Agentdock sign-in link', ['Use this link to sign in to Agentdock.', 'The link works once, within an hour.', IGNORE], { label: 'Sign in', url }),
  otp: (to: string, code: string, ttlMinutes: number) =>
    email(to, `Your Agentdock sign-in code: ${code}`, [`Your sign-in code is ${code}.`, `It expires in ${minutes(ttlMinutes)}.`, IGNORE]),
};
