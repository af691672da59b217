import type { Email, TextMessage } from './mailer';
import { escapeHtml as escape } from './html';

export interface EmailAction {
  label: string;
  url: string;
}

/** Every email's one shape: its paragraphs, then each action as a link, then the sign-off; text and HTML alike. */
export function composeEmail(to: string, subject: string, paragraphs: string[], action?: EmailAction | EmailAction[]): Email {
  const actions = action === undefined ? [] : Array.isArray(action) ? action : [action];
  const text = [...paragraphs, ...actions.map((link) => `${link.label}: ${link.url}`), '— Agentdock'].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`),
    ...actions.map((link) => `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>`),
    '<p>— Agentdock</p>',
  ].join('\n');
  return { to, subject, text, html, links: actions.map((link) => link.url) };
}

/** "1 minute", "10 minutes": the same wording as the sign-in page. */
export const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

const IGNORE = 'If you did not ask for this, you can ignore this email.';

/** How the owner tells a key apart in the list: its name and the secret's last four characters. */
const keyLabel = (key: { name: string; lastFour: string }) => `"${key.name}" (ending in ${key.lastFour})`;

export const emails = {
  confirmSignup: (to: string, url: string) =>
    composeEmail(
      to,
      'Confirm your Agentdock account',
      ['Welcome to Agentdock! Confirm your email address to finish creating your account.', 'The link works once, within an hour.', IGNORE],
      {
        label: 'Confirm your email',
        url,
      },
    ),
  alreadyRegistered: (to: string, url: string) =>
    composeEmail(
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
    composeEmail(
      to,
      'Someone is trying to sign in to your Agentdock account',
      [
        'There have been repeated failed attempts to sign in to your account with a password.',
        'If this was you, nothing is wrong: you can still sign in, or use an emailed sign-in link or code. If it was not you, your account is safe as long as your password is not guessed; choose a new, stronger one to be sure.',
      ],
      { label: 'Choose a new password', url },
    ),
  // The one who typed them holds a session already (a stolen token, or a device left signed in), so
  // the way out is a new password, which ends every other session.
  reauthenticationFailures: (to: string, url: string) =>
    composeEmail(
      to,
      'Someone is trying to change your Agentdock account',
      [
        'There have been repeated wrong answers to the current password asked for before changing your password, phone number, two-factor authentication or API keys, from a signed-in session of your account.',
        'If this was you, nothing is wrong. If it was not you, someone may be using your account on another device; choose a new password to sign out every other session.',
      ],
      { label: 'Choose a new password', url },
    ),
  recovery: (to: string, url: string) =>
    composeEmail(to, 'Reset your Agentdock password', ['We received a request to reset your password.', 'The link works once, within an hour.', IGNORE], {
      label: 'Choose a new password',
      url,
    }),
  magicLink: (to: string, url: string) =>
    composeEmail(to, 'Your Agentdock sign-in link', ['Use this link to sign in to Agentdock.', 'The link works once, within an hour.', IGNORE], { label: 'Sign in', url }),
  otp: (to: string, code: string, ttlMinutes: number) =>
    composeEmail(to, `Your Agentdock sign-in code: ${code}`, [`Your sign-in code is ${code}.`, `It expires in ${minutes(ttlMinutes)}.`, IGNORE]),
  // A key spends the owner's credits from anywhere, so making one is reported like a credential change.
  apiKeyCreated: (to: string, key: { name: string; lastFour: string }, url: string) =>
    composeEmail(
      to,
      'A new API key was created for your Agentdock account',
      [
        `An API key named ${keyLabel(key)} was just created for your account. Programs that hold it can use your agents and spend your credits.`,
        'If this was you, nothing else is needed. If it was not you, revoke the key in your dashboard and choose a new password: someone else can make changes to your account.',
      ],
      { label: 'Review your API keys', url },
    ),
  apiKeyRevoked: (to: string, key: { name: string; lastFour: string }, url: string) =>
    composeEmail(
      to,
      'An API key was revoked on your Agentdock account',
      [
        `The API key named ${keyLabel(key)} was revoked. Programs that still use it are refused from now on.`,
        'If this was you, nothing else is needed. If it was not you, choose a new password: someone else can make changes to your account.',
      ],
      { label: 'Review your API keys', url },
    ),
};

export const texts = {
  phoneCode: (to: string, code: string, ttlMinutes: number): TextMessage => ({
    to,
    text: `Your Agentdock verification code is ${code}. It expires in ${minutes(ttlMinutes)}. If you did not add this number to an account, ignore this message.`,
  }),
};
