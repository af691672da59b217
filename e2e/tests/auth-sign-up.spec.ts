import type { Page } from '@playwright/test';
import { headerEmail, PASSWORD, submitSignInForm, uniqueEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail, SUBJECTS, type MailboxMessage } from '../support/mailbox';
import { pageHeading, siteHeader } from '../support/site';

/** Fills in the sign-up form on /signup, sends it and returns the confirmation email. */
async function submitSignUpForm(page: Page, email: string, fullName?: string): Promise<MailboxMessage> {
  if (fullName) await page.getByLabel('Full name (optional)').fill(fullName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password (at least 8 characters)').fill(PASSWORD);
  return nextEmail(page.request, email, SUBJECTS.confirm, () => page.getByRole('button', { name: 'Sign Up' }).click());
}

test.describe('Sign-up', () => {
  test('sign up → confirmation email → callback → dashboard with the email in the header; sign out → /signin', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await expect(pageHeading(page, 'Create your account')).toBeVisible();
    const confirmation = await submitSignUpForm(page, email, 'Ada Lovelace');
    await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
    await expect(siteHeader(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto(linkTo(confirmation, '/auth/callback'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(headerEmail(page, email)).toBeVisible();
    await expect(siteHeader(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(siteHeader(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeVisible();
    await expect(page.getByText('Please sign in to access your dashboard')).toHaveCount(0);

    // The httpOnly refresh cookie carries the session over a reload.
    await page.reload();
    await expect(headerEmail(page, email)).toBeVisible();

    await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(pageHeading(page, 'Welcome back!')).toBeVisible();
    await expect(siteHeader(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(headerEmail(page, email)).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page.getByText('Please sign in to access your dashboard')).toBeVisible();
  });

  test.describe('before the address is confirmed', () => {
    test.use({ expectedConsoleErrors: { 'signing in unconfirmed is refused with 403': failedRequest(403, '/api/identity/signin/password') } });

    test('signing in is refused with the service message in a red box', async ({ page }) => {
      const email = uniqueEmail('unconfirmed');
      await page.goto('/signup');
      await submitSignUpForm(page, email);

      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await submitSignInForm(page, email, PASSWORD);
      await expect(page.getByRole('alert')).toHaveText('Email not confirmed. Please open the confirmation link we emailed you before signing in.');
      await expect(page).toHaveURL(/\/signin$/);
    });
  });

  test.describe('a confirmation link opened twice', () => {
    test.use({ expectedConsoleErrors: { 'the spent link is refused with 400': failedRequest(400, '/api/identity/links/open') } });

    test("shows 'Authentication Error', the message and 'Go to Sign In'", async ({ page }) => {
      const email = uniqueEmail('twice');
      await page.goto('/signup');
      const confirmation = await submitSignUpForm(page, email);
      await page.goto(linkTo(confirmation, '/auth/callback'));
      await expect(page).toHaveURL(/\/dashboard$/);
      await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/signin$/);

      await page.goto(linkTo(confirmation, '/auth/callback'));
      await expect(pageHeading(page, 'Authentication Error')).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('already used');
      await page.getByRole('link', { name: 'Go to Sign In' }).click();
      await expect(pageHeading(page, 'Welcome back!')).toBeVisible();
    });
  });

  test.describe('a link opened in another browser than the one that asked for it', () => {
    test('a confirmation link confirms the address there and shows the sign-in form, filled in; the password then signs in', async ({ page, browser }) => {
      const email = uniqueEmail('other-device');
      await page.goto('/signup');
      const confirmation = await submitSignUpForm(page, email, 'Ada Lovelace');
      await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();

      // The phone: a browser of its own, without the laptop's storage (and its PKCE verifier).
      const phone = await browser.newContext();
      try {
        const phonePage = await phone.newPage();
        await phonePage.goto(linkTo(confirmation, '/auth/callback'));
        await expect(phonePage.getByText('Email confirmed. Sign in to continue.')).toBeVisible();
        await expect(pageHeading(phonePage, 'Welcome back!')).toBeVisible();
        await expect(phonePage.getByLabel('Email or phone number')).toHaveValue(email);
        await submitSignInForm(phonePage, email, PASSWORD);
        await expect(headerEmail(phonePage, email)).toBeVisible();
      } finally {
        await phone.close();
      }
      // The laptop signs in with the password too: the address is confirmed.
      await page.goto('/signin');
      await submitSignInForm(page, email, PASSWORD);
      await expect(headerEmail(page, email)).toBeVisible();
    });

    test('a sign-in link offers to sign in this browser with a fresh emailed code', async ({ page, browser }) => {
      const email = uniqueEmail('magic-other-device');
      await page.goto('/signup');
      const confirmation = await submitSignUpForm(page, email);
      await page.goto(linkTo(confirmation, '/auth/callback'));
      await expect(page).toHaveURL(/\/dashboard$/);
      await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await page.getByRole('link', { name: /magic link/i }).click();
      await page.getByLabel('Email address').fill(email);
      const magic = await nextEmail(page.request, email, SUBJECTS.magicLink, () => page.getByRole('button', { name: /Send/ }).click());

      const phone = await browser.newContext();
      try {
        const phonePage = await phone.newPage();
        await phonePage.goto(linkTo(magic, '/auth/callback'));
        await expect(phonePage.getByText(/opened in another browser than the one that asked for it/)).toBeVisible();
        await expect(phonePage.getByLabel('Email address')).toHaveValue(email);
        const codeEmail = await nextEmail(phonePage.request, email, SUBJECTS.code, () => phonePage.getByRole('button', { name: 'Send Code' }).click());
        const code = /(\d{6})$/.exec(codeEmail.subject)![1]!;
        await phonePage.getByLabel('6-digit code').fill(code);
        await phonePage.getByRole('button', { name: 'Verify Code' }).click();
        await expect(headerEmail(phonePage, email)).toBeVisible();
      } finally {
        await phone.close();
      }
    });
  });
});
