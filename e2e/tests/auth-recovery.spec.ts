import { createAccount, headerEmail, PASSWORD, submitSignInForm } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail, SUBJECTS } from '../support/mailbox';
import { pageHeading, siteHeader } from '../support/site';

const NEW_PASSWORD = 'a brand new passphrase';

test.describe('Password recovery', () => {
  test.use({
    expectedConsoleErrors: {
      'the old password is refused with 400': failedRequest(400, '/api/identity/signin/password'),
    },
  });

  test('recovery email → new password → signed in; the new password works, the old one no longer does', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/forgot-password');
    const field = page.getByLabel('Email address');
    await expect(field).toHaveAttribute('type', 'email');
    await field.fill(account.email);
    const recovery = await nextEmail(page.request, account.email, SUBJECTS.recovery, () => page.getByRole('button', { name: 'Send Reset Instructions' }).click());
    await expect(pageHeading(page, 'Check Your Email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');

    await page.goto(linkTo(recovery, '/reset-password'));
    await page.getByLabel('New password (at least 8 characters)').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    // The change is confirmed before the visitor moves on.
    await expect(pageHeading(page, 'Password changed')).toBeFocused();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(headerEmail(page, account.email)).toBeVisible();

    await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await submitSignInForm(page, account.email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');

    await submitSignInForm(page, account.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(headerEmail(page, account.email)).toBeVisible();
  });

  test('a reset link used once cannot be used again', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill(account.email);
    const recovery = await nextEmail(page.request, account.email, SUBJECTS.recovery, () => page.getByRole('button', { name: 'Send Reset Instructions' }).click());
    await expect(pageHeading(page, 'Check Your Email')).toBeVisible();

    await page.goto(linkTo(recovery, '/reset-password'));
    await expect(page.getByLabel('New password (at least 8 characters)')).toBeVisible();
    await page.goto(linkTo(recovery, '/reset-password'));
    await expect(page.getByRole('alert')).toContainText('already used');
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
