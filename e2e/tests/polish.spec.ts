import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminAccount, createAccount, PASSWORD, signInBrowser, submitSignInForm } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { linkTo, nextEmail, SUBJECTS } from '../support/mailbox';
import { expectNoSidewaysScroll, mainContent, pageHeading, siteHeader } from '../support/site';

// What a new user trips over: long addresses on a phone, the sign-in sub-views, a stranded
// unconfirmed account, focus, and the words the pages use.

const PHONE = { width: 375, height: 812 };

/** A fresh address of exactly 40 characters, longer than a phone's header has room for. */
function fortyCharacterEmail(): string {
  const domain = '@example.com';
  const local = `long.${randomBytes(16).toString('hex')}`.slice(0, 40 - domain.length);
  return `${local}${domain}`;
}

/** Waits until the page's own content has rendered: its h1, and no loading state left. */
async function settled(page: Page): Promise<void> {
  await expect(mainContent(page).locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(mainContent(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

const SIGNED_IN_ROUTES = [
  '/',
  '/pricing',
  '/models',
  '/courses',
  '/courses/ai-fundamentals',
  '/chat',
  '/dashboard',
  '/dashboard?tab=subscription',
  '/dashboard/api-keys',
  '/manage-subscription',
  '/admin',
  '/contact',
];

test.describe('A long email address at 375 px', () => {
  test.use({ viewport: PHONE });

  test('no signed-in route scrolls sideways, and the menu keeps Sign Out on screen', async ({ page, request }) => {
    const email = fortyCharacterEmail();
    expect(email).toHaveLength(40);
    // No name: the dashboard greets the visitor by address.
    const account = await createAccount(request, email, null);
    await signInBrowser(page, account);

    for (const path of SIGNED_IN_ROUTES) {
      await page.goto(path);
      await settled(page);
      await expectNoSidewaysScroll(page, path);
      await expect(siteHeader(page).getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    }

    await page.goto('/dashboard');
    await expect(pageHeading(page, `Welcome back, ${email}`)).toBeVisible();

    await siteHeader(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#shell-mobile-menu');
    const address = menu.getByText(email, { exact: true });
    const signOut = menu.getByRole('button', { name: 'Sign Out' });
    await expect(address).toBeVisible();
    await expect(signOut).toBeInViewport({ ratio: 1 });
    const [addressBox, signOutBox] = [await address.boundingBox(), await signOut.boundingBox()];
    expect(addressBox!.x + addressBox!.width, 'the address fits the screen').toBeLessThanOrEqual(PHONE.width);
    expect(signOutBox!.y, 'Sign Out sits on its own row below the address').toBeGreaterThanOrEqual(addressBox!.y + addressBox!.height - 1);
    await expectNoSidewaysScroll(page, 'the open menu');
  });

  test('the admin users table fits with a long address in it', async ({ page, request }) => {
    await createAccount(request, fortyCharacterEmail(), 'A Rather Long Full Name For A Small Screen');
    const admin = await adminAccount(request);
    await signInBrowser(page, admin);
    await page.goto('/admin');
    await settled(page);
    await expectNoSidewaysScroll(page, '/admin');
  });

  test('the header shows a long address in full through its title on a wide screen', async ({ page, request }) => {
    const email = fortyCharacterEmail();
    const account = await createAccount(request, email);
    await page.setViewportSize({ width: 1200, height: 800 });
    await signInBrowser(page, account);
    await page.goto('/dashboard');
    const shown = siteHeader(page).locator('.shell-account__email');
    await expect(shown).toHaveAttribute('title', email);
    await expectNoSidewaysScroll(page);
  });
});

const SUB_VIEWS = [
  { link: 'Forgot your password?', view: 'forgotten_password', heading: 'Reset your password' },
  { link: 'Send a magic link email', view: 'magic_link', heading: 'Sign in with a magic link' },
  { link: 'Sign in with a one-time code', view: 'verify_otp', heading: 'Sign in with a one-time code' },
] as const;

test.describe('Sign-in sub-views', () => {
  for (const { link, view, heading } of SUB_VIEWS) {
    test(`${view}: own URL, the typed address carried over, Back and 'Back to sign in' return to the form with focus on its heading`, async ({ page }) => {
      await page.goto('/signin?returnUrl=%2Fchat');
      await page.getByLabel('Email or phone number').fill('ada@example.com');
      await page.getByRole('link', { name: link }).click();

      await expect(page).toHaveURL(new RegExp(`/signin\\?view=${view}&returnUrl=%2Fchat$`));
      await expect(pageHeading(page, heading)).toBeFocused();
      await expect(page.getByText('Welcome back!')).toHaveCount(0);
      await expect(page.getByLabel('Email address')).toHaveValue('ada@example.com');

      await page.goBack();
      await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fchat$/);
      await expect(pageHeading(page, 'Welcome back!')).toBeFocused();
      await expect(page.getByLabel('Email or phone number')).toHaveValue('ada@example.com');

      await page.goForward();
      await expect(pageHeading(page, heading)).toBeFocused();
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fchat$/);
      await expect(pageHeading(page, 'Welcome back!')).toBeFocused();
    });
  }

  test('signing in lands on the dashboard with focus on its heading', async ({ page, request }) => {
    const account = await createAccount(request, undefined, 'Focus Person');
    await page.goto('/signin');
    await submitSignInForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(pageHeading(page, 'Welcome back, Focus Person')).toBeFocused();
  });
});

test.describe('A stranded unconfirmed account', () => {
  test.use({
    expectedConsoleErrors: {
      'the unconfirmed sign-in is refused with 403': failedRequest(403, '/api/identity/signin/password'),
      'an unknown link is refused with 400': failedRequest(400, '/api/identity/links/open'),
    },
  });

  test('the sign-in error offers a new link, which confirms the account here', async ({ page, request }) => {
    const email = `stranded-${randomBytes(6).toString('hex')}@example.com`;
    // Signed up elsewhere, and the link lost (a confirmation link opened anywhere would confirm it).
    const created = await request.post('/api/identity/signup', { data: { email, password: PASSWORD, codeChallenge: 'x'.repeat(43) } });
    expect(created.status()).toBe(201);

    await page.goto('/signin');
    await submitSignInForm(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Email not confirmed');
    const resend = page.getByRole('region', { name: 'Resend confirmation email' });
    await expect(resend.getByLabel('Email address')).toHaveValue(email);
    const fresh = await nextEmail(request, email, SUBJECTS.confirm, () => resend.getByRole('button', { name: 'Resend confirmation email' }).click());
    await expect(page.getByText(/a new confirmation link is on its way/)).toBeVisible();

    await page.goto(linkTo(fresh, '/auth/callback'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(siteHeader(page).getByText(email, { exact: true }).filter({ visible: true })).toBeVisible();
  });

  test('asking for an unknown address looks the same', async ({ page }) => {
    await page.goto('/auth/callback?code=nothing-here&type=signup');
    await expect(pageHeading(page, 'Authentication Error')).toBeVisible();
    await page.getByLabel('Email address').fill(`nobody-${randomBytes(6).toString('hex')}@example.com`);
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await expect(page.getByText(/a new confirmation link is on its way/)).toBeVisible();
  });
});

test.describe('One reset screen', () => {
  for (const start of ['/forgot-password', '/signin?view=forgotten_password']) {
    test(`${start} uses the same texts`, async ({ page }) => {
      await page.goto(start);
      await expect(pageHeading(page, 'Reset your password')).toBeVisible();
      await expect(page.getByText('Enter your email address and we will send you instructions to choose a new password.')).toBeVisible();
      await page.getByLabel('Email address').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
      await expect(pageHeading(page, 'Check Your Email')).toBeFocused();
      await expect(page.getByText('If an account exists for nobody@example.com, we have sent it instructions to reset your password.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
    });
  }
});

test.describe('Focus and words', () => {
  test('the focus outline uses the 3:1 focus colour', async ({ page }) => {
    await page.goto('/pricing');
    await settled(page);
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { color: style.outlineColor, width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline).toEqual({ color: 'rgb(180, 83, 9)', width: '3px', style: 'solid' });
  });

  test('/pricing and /models call the professional tier by one name, and pricing explains real tokens', async ({ page }) => {
    await page.goto('/pricing');
    await expect(mainContent(page).getByRole('heading', { level: 2, name: 'Pro', exact: true })).toBeVisible();
    await expect(mainContent(page).getByText(/^\* Real tokens are the units the AI models measure text in/)).toBeVisible();
    // The tier's name as a word (a description may speak of "professionals").
    await expect(mainContent(page).getByText(/\bProfessional\b/)).toHaveCount(0);

    await page.goto('/models');
    await expect(mainContent(page).getByText('Agents marked in yellow come with the Pro plan and above.')).toBeVisible();
    await expect(mainContent(page).getByRole('article').first()).toBeVisible();
    await expect(mainContent(page).getByText('Professional', { exact: true })).toHaveCount(0);
    await expect(mainContent(page).getByText('Plan: Pro', { exact: true }).first()).toBeVisible();
  });
});

const PUBLIC_ROUTES = [
  '/',
  '/pricing',
  '/courses',
  '/courses/ai-fundamentals',
  '/models',
  '/chat',
  '/dashboard',
  '/dashboard/api-keys',
  '/manage-subscription',
  '/admin',
  '/about',
  '/our-story',
  '/terms',
  '/privacy',
  '/contact',
  '/signin',
  '/signin?view=forgotten_password',
  '/signin?view=magic_link',
  '/signin?view=verify_otp',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/no-such-page',
];

test.describe('axe-core on every route', () => {
  test.setTimeout(180_000);
  // An unknown path is answered 404 (with the shell's not-found page), which Chromium logs.
  test.use({ expectedConsoleErrors: { 'the unknown page answers 404': failedRequest(404, '/no-such-page') } });

  test('signed out: no serious or critical violation', async ({ page }) => {
    for (const path of PUBLIC_ROUTES) {
      await page.goto(path);
      await settled(page);
      await test.step(path, () => expectNoSeriousAxeViolations(page));
    }
  });

  test('signed in: no serious or critical violation', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInBrowser(page, account);
    for (const path of [...SIGNED_IN_ROUTES, '/about', '/our-story', '/terms', '/privacy', '/no-such-page']) {
      await page.goto(path);
      await settled(page);
      await test.step(path, () => expectNoSeriousAxeViolations(page));
    }
  });

  test('signed in as an admin: no serious or critical violation on /admin', async ({ page, request }) => {
    await signInBrowser(page, await adminAccount(request));
    await page.goto('/admin');
    await settled(page);
    await expectNoSeriousAxeViolations(page);
  });
});
