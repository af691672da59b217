import { adminAccount, bearer, createAccount, submitSignInForm } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { pageHeading } from '../support/site';

test.describe('Admin console', () => {
  test('a signed-out visitor is denied but can sign in and come back to the console', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await page.goto('/admin');
    await expect(pageHeading(page, 'Access Denied')).toBeVisible();
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fadmin$/);
    await submitSignInForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
  });

  test('an admin’s tier change and suspension appear in svc-identity’s audit through the gateway', async ({ request }) => {
    const admin = await adminAccount(request);
    const user = await createAccount(request);
    for (const data of [{ subscriptionTier: 'starter' }, { isSuspended: true }]) {
      const changed = await request.patch(`/api/identity/admin/users/${user.userId}`, { headers: bearer(admin), data });
      expect(changed.ok(), await changed.text()).toBe(true);
    }
    const audit = await request.get(`/api/identity/admin/audit?user=${user.userId}`, { headers: bearer(admin) });
    expect(audit.ok(), await audit.text()).toBe(true);
    const { entries } = (await audit.json()) as { entries: Array<{ action: string; actorId: string; after: unknown }> };
    expect(entries.map(({ action, actorId, after }) => ({ action, actorId, after }))).toEqual([
      { action: 'user.suspend', actorId: admin.userId, after: { isSuspended: true } },
      { action: 'user.tier_change', actorId: admin.userId, after: { subscriptionTier: 'starter' } },
    ]);
  });
});
