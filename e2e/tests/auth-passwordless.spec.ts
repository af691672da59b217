import { createAccount, headerEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { codeIn, linkTo, nextEmail, SUBJECTS } from '../support/mailbox';

test.describe('Signing in without a password', () => {
  test('magic link: the emailed link signs in and lands on the returnUrl', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto(`/signin?returnUrl=${encodeURIComponent('/models')}`);
    await page.getByRole('link', { name: 'Send a magic link email' }).click();
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByText('Enter your email address')).toBeVisible();

    await page.getByLabel('Email address').fill(account.email);
    const email = await nextEmail(page.request, account.email, SUBJECTS.magicLink, () => page.getByRole('button', { name: 'Send Magic Link' }).click());
    await expect(page.getByText('Check your email for the magic link')).toBeVisible();

    await page.goto(linkTo(email, '/auth/callback'));
    await expect(page).toHaveURL(/\/models$/);
    await expect(headerEmail(page, account.email)).toBeVisible();
  });

  test.describe('one-time code', () => {
    test.use({ expectedConsoleErrors: { 'a wrong code is answered 400': failedRequest(400, '/api/identity/otp/verify') } });

    test('the emailed 6-digit code signs in; a wrong one is refused', async ({ page, request }) => {
      const account = await createAccount(request);
      await page.goto('/signin');
      await page.getByRole('link', { name: 'Sign in with a one-time code' }).click();
      await page.getByLabel('Email address').fill(account.email);
      const email = await nextEmail(page.request, account.email, SUBJECTS.code, () => page.getByRole('button', { name: 'Send Code' }).click());
      // One figure for the code's validity: the page and the email both state the configured one.
      await expect(page.getByText(`We emailed a 6-digit code to ${account.email}. It expires in 10 minutes.`)).toBeVisible();
      expect(email.text).toContain('It expires in 10 minutes.');

      const code = codeIn(email);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('6-digit code').fill(wrong);
      await page.getByRole('button', { name: 'Verify Code' }).click();
      await expect(page.getByRole('alert')).toHaveText('The code is invalid or has expired. Please check it or request a new code.');

      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Verify Code' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(headerEmail(page, account.email)).toBeVisible();
    });
  });
});
