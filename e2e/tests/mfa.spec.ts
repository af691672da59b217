import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { createAccount, headerEmail, PASSWORD, signInBrowser, submitSignInForm } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { siteHeader } from '../support/site';

const STEP_MS = 30_000;

/** What an authenticator app shows for `secret` (RFC 6238: SHA-1, 6 digits, 30 s), `steps` steps from now. */
function authenticatorCode(secret: string, steps = 0): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * STEP_MS });
}

const securityCard = (page: Page) => page.getByRole('region', { name: 'Two-factor authentication' });

/** Signs out from the dashboard once it has loaded (its security card last of all). */
async function signOut(page: Page): Promise<void> {
  await expect(securityCard(page)).toBeVisible();
  await expect(securityCard(page).getByText('Loading your security settings…')).toHaveCount(0);
  await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

test.describe('Two-factor sign-in', () => {
  // A password sign-in is not a recent proof of the account: turning the factor on asks for the password once.
  test.use({
    expectedConsoleErrors: { 'turning two-factor on after a password sign-in asks for the password again (403)': failedRequest(403, '/api/identity/me/mfa/enrolment/confirm') },
  });

  test('enrol, sign in with the second step, use a recovery code, turn it off', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await page.goto('/dashboard');

    // Enrol: the QR code and the key as text; the app's code (computed here) turns it on.
    const card = securityCard(page);
    await card.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await card.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel('6-digit code from the app').fill(authenticatorCode(secret));
    await card.getByRole('button', { name: 'Turn On' }).click();
    // Turning a second factor on is a credential change, and this session signed in by password:
    // the server asks for it again, and the same code (still in its window) goes with it.
    await expect(card.getByRole('alert')).toHaveText('For your security, enter your current password to make this change.');
    await expect(card.getByLabel('Current password')).toBeFocused();
    await card.getByLabel('Current password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Turn On' }).click();

    // Ten recovery codes, shown once, downloadable as a text file.
    const shown = card.getByTestId('recovery-codes').getByRole('listitem');
    await expect(shown).toHaveCount(10);
    const codes = (await shown.allTextContents()).map((code) => code.trim());
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download as .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('agentdock-recovery-codes.txt');
    const file = await readFile(await download.path(), 'utf8');
    for (const code of codes) expect(file).toContain(code);
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(card.getByText('Two-factor authentication is on.').first()).toBeVisible();
    await expect(card.getByTestId('recovery-codes-left')).toHaveText('10 of 10 recovery codes unused.');

    // Sign in again: the password is not enough; the app's next code finishes it. (Its current
    // code was spent on enrolment, and a code works once.)
    await signOut(page);
    await submitSignInForm(page, account.email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(headerEmail(page, account.email)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Authentication code').fill(authenticatorCode(secret, 1));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(headerEmail(page, account.email)).toBeVisible();

    // And once with a recovery code instead of the app.
    await signOut(page);
    await submitSignInForm(page, account.email, PASSWORD);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(securityCard(page).getByTestId('recovery-codes-left')).toHaveText('9 of 10 recovery codes unused.');
    await expect(securityCard(page).getByText(/Code 1 used on/)).toBeVisible();

    // Turn it off with the password and another recovery code; signing in is one step again.
    await securityCard(page).getByText('Turn off two-factor authentication').click();
    await securityCard(page).getByLabel('Password').fill(PASSWORD);
    await securityCard(page).getByLabel('Authenticator or recovery code').last().fill(codes[1]!);
    await securityCard(page).getByRole('button', { name: 'Turn Off' }).click();
    await expect(securityCard(page).getByRole('status').filter({ hasText: 'Two-factor authentication is off.' })).toBeVisible();
    await expect(securityCard(page).getByRole('button', { name: 'Set Up Two-Factor Authentication' })).toBeVisible();

    await signOut(page);
    await submitSignInForm(page, account.email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(headerEmail(page, account.email)).toBeVisible();
  });

  test.describe('on a 375 px screen', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the setup fits without sideways scrolling', async ({ page, request }) => {
      const account = await createAccount(request);
      await signInBrowser(page, account);
      await page.goto('/dashboard');
      const card = securityCard(page);
      await card.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
      await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expect(card.getByTestId('mfa-secret')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
    });
  });
});
