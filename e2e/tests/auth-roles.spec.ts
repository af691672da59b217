import { adminAccount, bearer, createAccount, headerEmail, PASSWORD, signInBrowser, submitSignInForm } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { pageHeading, siteHeader } from '../support/site';

/** Every admin endpoint of the services, with a body a real admin could send. */
const ADMIN_ENDPOINTS: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; data?: unknown }> = [
  { method: 'GET', path: '/api/identity/admin/users' },
  { method: 'PATCH', path: '/api/identity/admin/users/00000000-0000-4000-8000-000000000000', data: { isSuspended: true } },
  { method: 'GET', path: '/api/catalog/admin/plans' },
  { method: 'POST', path: '/api/catalog/admin/plans', data: {} },
  { method: 'PATCH', path: '/api/catalog/admin/plans/starter', data: {} },
  { method: 'DELETE', path: '/api/catalog/admin/plans/starter' },
  { method: 'GET', path: '/api/catalog/admin/agents' },
  { method: 'POST', path: '/api/catalog/admin/agents', data: {} },
  { method: 'PATCH', path: '/api/catalog/admin/agents/00000000-0000-4000-8000-000000000000', data: {} },
  { method: 'DELETE', path: '/api/catalog/admin/agents/00000000-0000-4000-8000-000000000000' },
  { method: 'GET', path: '/api/catalog/admin/content' },
  { method: 'POST', path: '/api/catalog/admin/content', data: {} },
  { method: 'PATCH', path: '/api/catalog/admin/content/00000000-0000-4000-8000-000000000000', data: {} },
  { method: 'GET', path: '/api/catalog/admin/courses/ai-fundamentals/enrolments' },
  { method: 'POST', path: '/api/catalog/admin/courses/ai-fundamentals/enrolments', data: {} },
  { method: 'DELETE', path: '/api/catalog/admin/courses/ai-fundamentals/enrolments/00000000-0000-4000-8000-000000000000' },
  { method: 'GET', path: '/api/identity/admin/audit' },
  { method: 'GET', path: '/api/catalog/admin/audit' },
  { method: 'GET', path: '/api/chat/admin/audit' },
  { method: 'GET', path: '/api/billing/admin/audit' },
];

test.describe('Roles', () => {
  test('a non-admin gets 403 from every admin endpoint and sees no Admin link', async ({ page, request }) => {
    const user = await createAccount(request);
    for (const { method, path, data } of ADMIN_ENDPOINTS) {
      const response = await request.fetch(path, { method, headers: bearer(user), data });
      expect(response.status(), `${method} ${path}`).toBe(403);
    }

    await signInBrowser(page, user);
    await page.goto('/dashboard');
    await expect(headerEmail(page, user.email)).toBeVisible();
    await expect(siteHeader(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(siteHeader(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(pageHeading(page, 'Access Denied')).toBeVisible();
  });

  test('an admin sees the Admin link in the header, never in the mobile menu', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await signInBrowser(page, admin);
    await page.goto('/dashboard');
    await expect(siteHeader(page).getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
    await siteHeader(page).getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
    await expect(page.getByRole('main').getByText('Admin Access')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await siteHeader(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(headerEmail(page, admin.email)).toBeVisible();
  });

  test.describe('suspension', () => {
    test.use({
      expectedConsoleErrors: {
        'the suspended session cannot be refreshed': failedRequest(403, '/api/identity/token/refresh'),
        'the suspended account cannot sign in': failedRequest(403, '/api/identity/signin/password'),
        // The dashboard still open with the old token asks for its figures again: each is refused.
        'the open dashboard is refused its profile': failedRequest(403, '/api/identity/me'),
        'the open dashboard is refused its two-factor status': failedRequest(403, '/api/identity/me/mfa'),
        'the open dashboard is refused its wallet': failedRequest(403, '/api/chat/wallet'),
        'the open dashboard is refused its usage': failedRequest(403, '/api/chat/usage'),
        'the open dashboard is refused its subscriptions': failedRequest(403, '/api/billing/subscriptions'),
        'the open dashboard is refused its courses': failedRequest(403, '/api/catalog/me/learning'),
        'the open header is refused its teams for the workspace switch': failedRequest(403, '/api/identity/organisations'),
      },
    });

    test('a suspended user is refused and their open session stops working', async ({ page, request }) => {
      const user = await createAccount(request);
      await signInBrowser(page, user);
      await page.goto('/dashboard');
      await expect(headerEmail(page, user.email)).toBeVisible();

      const admin = await adminAccount(request);
      const suspended = await request.patch(`/api/identity/admin/users/${user.userId}`, { headers: bearer(admin), data: { isSuspended: true } });
      expect(suspended.ok(), await suspended.text()).toBe(true);

      // The access token the user already holds is refused by the services…
      await expect.poll(async () => (await request.get('/api/identity/me', { headers: bearer(user) })).status()).toBe(403);
      // …and the browser's session cannot be renewed: the page ends up signed out.
      await page.reload();
      await expect(siteHeader(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByText('Please sign in to access your dashboard')).toBeVisible();

      await page.goto('/signin');
      await submitSignInForm(page, user.email, PASSWORD);
      await expect(page.getByRole('alert')).toHaveText('Your account has been suspended. Please contact support.');
    });
  });
});
