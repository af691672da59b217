import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading, siteFooter, siteHeader, TEXT } from '../support/site';

interface RouteCase {
  path: string;
  heading: string;
  /** Something beyond the heading that shows the page really rendered (spec texts where given). */
  rendered?: (page: Page) => Promise<void>;
}

/** Every route of the specification (§2) and the page heading it shows to a signed-out visitor. */
const ROUTES: RouteCase[] = [
  {
    path: '/',
    heading: TEXT.homeHeading,
    rendered: async (page) => {
      await expect(mainContent(page).getByRole('link', { name: 'View Pricing' })).toBeVisible();
      await expect(mainContent(page).getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
    },
  },
  {
    path: '/pricing',
    heading: TEXT.pricingHeading,
    // The plans come from the catalog service; waiting for them also catches a failing call.
    rendered: async (page) => expect(mainContent(page).getByRole('article')).toHaveCount(4),
  },
  {
    path: '/courses',
    heading: 'Courses',
    rendered: async (page) => expect(mainContent(page).getByRole('link', { name: 'AI Fundamentals for Business' })).toHaveAttribute('href', '/courses/ai-fundamentals'),
  },
  {
    path: '/courses/ai-fundamentals',
    heading: 'AI Fundamentals for Business',
    rendered: async (page) => expect(mainContent(page).getByText('$25 per month').first()).toBeVisible(),
  },
  { path: '/models', heading: 'Our AI Agents' },
  { path: '/about', heading: 'About' },
  { path: '/our-story', heading: 'Our Story' },
  { path: '/terms', heading: 'Terms of Service', rendered: async (page) => expect(mainContent(page).getByText('Last updated August 14, 2025')).toBeVisible() },
  { path: '/privacy', heading: 'Privacy Policy', rendered: async (page) => expect(mainContent(page).getByText('Last updated August 14, 2025')).toBeVisible() },
  {
    path: '/contact',
    heading: 'Contact',
    rendered: async (page) => {
      await expect(mainContent(page).getByText("We'll respond within 24 hours")).toBeVisible();
      await expect(mainContent(page).getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
    },
  },
  { path: '/signin', heading: 'Welcome back!' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Reset your password' },
  { path: '/reset-password', heading: 'Choose a new password' },
  // Without a link's code and without a session, the callback sends the visitor to /signin (§2).
  { path: '/auth/callback', heading: 'Welcome back!', rendered: async (page) => expect(page).toHaveURL(/\/signin$/) },
  {
    path: '/dashboard',
    heading: 'Dashboard',
    rendered: async (page) => {
      await expect(mainContent(page).getByText('Please sign in to access your dashboard')).toBeVisible();
      await expect(mainContent(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    },
  },
  { path: '/manage-subscription', heading: 'Manage Subscription' },
  { path: '/chat', heading: 'Chat with Your AI Agent' },
  {
    path: '/admin',
    heading: 'Access Denied',
    rendered: async (page) => expect(mainContent(page).getByText('Access denied. Admin privileges required.')).toBeVisible(),
  },
];

test.describe('Every route renders cleanly', () => {
  for (const route of ROUTES) {
    test(`${route.path} shows "${route.heading}"`, async ({ page }) => {
      await page.goto(route.path);
      await expect(pageHeading(page, route.heading)).toBeVisible();
      // Exactly one page heading, and no fallback or 404 in its place.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(siteHeader(page)).toBeVisible();
      await expect(siteFooter(page)).toBeAttached();
      await route.rendered?.(page);
      // Uncaught errors and console errors are checked after each test by the fixture.
    });
  }

  test('a course discussion sends a visitor, who is not enrolled, to the course page', async ({ page }) => {
    await page.goto('/courses/ai-fundamentals/discussion');
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals$/);
    await expect(pageHeading(page, 'AI Fundamentals for Business')).toBeVisible();
  });
});

test.describe('An unknown course', () => {
  test.use({
    expectedConsoleErrors: {
      'Chromium logs the catalog answering 404 for the unknown course id as "Failed to load resource"': ({ text, url }) =>
        text.startsWith('Failed to load resource') && url.endsWith('/api/catalog/courses/no-such-course'),
    },
  });

  test('an unknown course shows "Course Not Found" with a way back to /courses', async ({ page }) => {
    await page.goto('/courses/no-such-course');
    await expect(pageHeading(page, 'Course Not Found')).toBeVisible();
    await mainContent(page).getByRole('link', { name: 'Back to Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(pageHeading(page, 'Courses')).toBeVisible();
  });
});
