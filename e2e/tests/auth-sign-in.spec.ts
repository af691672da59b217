import { createAccount, headerEmail, PASSWORD, signInBrowser, submitSignInForm } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { nextEmail } from '../support/mailbox';
import { expect, test } from '../support/fixtures';
import { pageHeading, siteHeader } from '../support/site';

type MarkedWindow = Window & { __e2eSamePage?: boolean };

test.describe('Sign-in with a password', () => {
  test('updates the shell header without a reload and honours the returnUrl', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto(`/signin?returnUrl=${encodeURIComponent('/pricing')}`);
    await expect(pageHeading(page, 'Welcome back!')).toBeVisible();
    // A full page load would lose this: the account remote and the shell share one session client.
    await page.evaluate(() => ((window as MarkedWindow).__e2eSamePage = true));

    await submitSignInForm(page, account.email, PASSWORD);

    await expect(page).toHaveURL(/\/pricing$/);
    await expect(headerEmail(page, account.email)).toBeVisible();
    expect(await page.evaluate(() => (window as MarkedWindow).__e2eSamePage)).toBe(true);
  });

  test.describe('with a phone number', () => {
    test.use({ expectedConsoleErrors: { 'saving a phone after a password sign-in asks for the password again (403)': failedRequest(403, '/api/identity/me') } });

    test('a phone number saved on the dashboard and verified by its texted code signs in with the password', async ({ page, request }) => {
      const account = await createAccount(request);
      // Unique per run, in E.164 form: +1 and ten digits.
      const phone = `+1${String(Date.now()).slice(-10)}`;
      await signInBrowser(page, account);
      await page.goto('/dashboard');
      await page.getByLabel(/Phone number/).fill(phone);
      await page.getByRole('button', { name: 'Save Profile' }).click();
      // Setting a sign-in number is a credential change: the password is asked for first.
      await page.getByLabel('Current password').fill(PASSWORD);
      // The number's code goes to the local mailbox (there is no SMS provider on the embedded default).
      const text = await nextEmail(request, phone, /verification code is \d{6}/, () => page.getByRole('button', { name: 'Save Profile' }).click());
      await page.getByLabel('Code from the text message').fill(/\b(\d{6})\b/.exec(text.text)![1]!);
      await page.getByRole('button', { name: 'Verify Number' }).click();
      await expect(page.getByText('Phone number verified. You can now sign in with it and your password.')).toBeVisible();

      await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await submitSignInForm(page, phone, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(headerEmail(page, account.email)).toBeVisible();
    });
  });

  test.describe('with a wrong password', () => {
    test.use({ expectedConsoleErrors: { 'a wrong password is answered 400': failedRequest(400, '/api/identity/signin/password') } });

    test("shows the service's message in a red box and stays signed out", async ({ page, request }) => {
      const account = await createAccount(request);
      await page.goto('/signin');
      await submitSignInForm(page, account.email, 'not the password');
      await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
      await expect(siteHeader(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    });
  });

  test('checks the fields in the browser first', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Enter your email address or phone number')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(page.getByLabel('Email or phone number')).toBeFocused();
  });

  test('a signed-in visitor is sent on to the returnUrl, or /dashboard', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await page.goto(`/signin?returnUrl=${encodeURIComponent('/models')}`);
    await expect(page).toHaveURL(/\/models$/);
    await expect(headerEmail(page, account.email)).toBeVisible();

    await page.goto('/signup');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a returnUrl to another site is ignored', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto(`/signin?returnUrl=${encodeURIComponent('https://example.org/phish')}`);
    await submitSignInForm(page, account.email, PASSWORD);
    await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
  });

  test('renews the access token before it expires, without the visitor noticing', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.clock.install();
    await signInBrowser(page, account);
    await page.goto('/dashboard');
    await expect(headerEmail(page, account.email)).toBeVisible();
    // Moving the clock fires every pending timer; the page must have finished loading first.
    await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();

    // Access tokens live 10 minutes (ACCESS_TOKEN_TTL_SECONDS' default); the renewal comes a minute early.
    const renewed = page.waitForResponse((response) => response.url().endsWith('/api/identity/token/refresh'));
    await page.clock.fastForward('09:30');
    expect((await renewed).status()).toBe(200);
    await expect(headerEmail(page, account.email)).toBeVisible();
  });

  test('signing out in one tab signs the other tabs out', async ({ page, context, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    await page.goto('/dashboard');
    await expect(headerEmail(page, account.email)).toBeVisible();
    const other = await context.newPage();
    await other.goto('/models');
    await expect(headerEmail(other, account.email)).toBeVisible();

    await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(siteHeader(other).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(headerEmail(other, account.email)).toHaveCount(0);
  });

  test('signing out while the dashboard is still loading cuts its calls: none is refused for the ended session', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    // The dashboard's figures are slow to come: they are still on their way when the person signs
    // out, and reach the services after the session has ended there (its answer is slower still).
    await page.route(/\/api\/(chat|billing|catalog)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue().catch(() => undefined);
    });
    await page.route('**/api/identity/token/revoke', async (route) => {
      const revoked = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response: revoked }).catch(() => undefined);
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await page.goto('/dashboard');
    await expect(headerEmail(page, account.email)).toBeVisible();
    await siteHeader(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(refused).toEqual([]);
  });
});
