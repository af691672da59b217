import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkTo, nextEmail, SUBJECTS } from './mailbox';

/**
 * Helpers that give a test a confirmed account, signed in through the real identity API. Pass
 * them the `request` fixture, not `page.request`: the latter shares the page's cookie jar, and a
 * refresh cookie set there would sign the browser in as that account.
 */

export const PASSWORD = 'correct horse battery staple';
/** The browser suite starts the platform with ADMIN_EMAILS set to this (playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@agentdock.test';
/** packages/session's SESSION_HINT_KEY: tells the page that this browser holds a refresh cookie. */
export const SESSION_HINT_KEY = 'agentdock.auth.signed-in';

export interface Account {
  email: string;
  password: string;
  userId: string;
  /** An access token of the account's first session, for API calls as this user. */
  accessToken: string;
}

/** A fresh address for one test, so tests never share accounts. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@example.com`;
}

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Signs `email` up through the API and confirms it with the emailed link (exchanged with its PKCE
 * verifier). A null name signs up without one.
 */
export async function createAccount(request: APIRequestContext, email = uniqueEmail('user'), fullName: string | null = 'Test User'): Promise<Account> {
  const { verifier, challenge } = pkcePair();
  const confirmation = await nextEmail(request, email, SUBJECTS.confirm, async () => {
    const created = await request.post('/api/identity/signup', { data: { email, password: PASSWORD, ...(fullName ? { fullName } : {}), codeChallenge: challenge } });
    expect(created.status(), await created.text()).toBe(201);
  });
  const code = new URL(linkTo(confirmation, '/auth/callback'), 'http://site').searchParams.get('code');
  const exchanged = await request.post('/api/identity/token/exchange', { data: { code, codeVerifier: verifier } });
  expect(exchanged.ok(), await exchanged.text()).toBe(true);
  const session = (await exchanged.json()) as { accessToken: string; user: { id: string } };
  return { email, password: PASSWORD, userId: session.user.id, accessToken: session.accessToken };
}

/** The admin account, made on first use and signed in afresh otherwise. */
export async function adminAccount(request: APIRequestContext): Promise<Account> {
  const signIn = await request.post('/api/identity/signin/password', { data: { email: ADMIN_EMAIL, password: PASSWORD } });
  if (!signIn.ok()) return createAccount(request, ADMIN_EMAIL, 'Site Admin');
  const session = (await signIn.json()) as { accessToken: string; user: { id: string; isAdmin: boolean } };
  expect(session.user.isAdmin, `${ADMIN_EMAIL} is an admin (ADMIN_EMAILS)`).toBe(true);
  return { email: ADMIN_EMAIL, password: PASSWORD, userId: session.user.id, accessToken: session.accessToken };
}

export const bearer = (account: Pick<Account, 'accessToken'>) => ({ authorization: `Bearer ${account.accessToken}` });

/**
 * Signs the page's browser in as `account` without the sign-in form: the refresh cookie lands in
 * the page's cookie jar and the hint tells the session client to use it on the next page load.
 */
export async function signInBrowser(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const signedIn = await page.request.post('/api/identity/signin/password', { data: { email: account.email, password: account.password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  // Once per tab (sessionStorage survives navigations): a later sign-out must stay signed out.
  await page.addInitScript((key) => {
    if (window.sessionStorage.getItem('e2e.hint-set')) return;
    window.sessionStorage.setItem('e2e.hint-set', '1');
    window.localStorage.setItem(key, '1');
  }, SESSION_HINT_KEY);
}

/** Fills in the sign-in form on /signin and sends it. */
export async function submitSignInForm(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Email or phone number').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The signed-in email in the header bar (the mobile menu repeats it, hidden on wide screens). */
export const headerEmail = (page: Page, email: string) => page.getByRole('banner').getByText(email, { exact: true }).filter({ visible: true });
