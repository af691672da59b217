import type { Locator } from '@playwright/test';
import { adminAccount, signInBrowser } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading } from '../support/site';

// Admin forms speak to people: what the server refuses is said in product language beside the
// field it concerns, and the banner keeps the spec's own words, without the server detail.

/** The error shown in `field`'s own frame: present, and directly below the control, aligned with it. */
async function expectMessageBeside(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const error = field.page().locator('.ad-field').filter({ has: field }).locator('.ad-field__error');
  await expect(error).toHaveText(message);
  const control = (await field.boundingBox())!;
  const below = (await error.boundingBox())!;
  expect(below.y).toBeGreaterThanOrEqual(control.y + control.height - 1);
  expect(below.y - (control.y + control.height)).toBeLessThan(32);
  expect(Math.abs(below.x - control.x)).toBeLessThan(4);
}

test.describe('Admin forms', () => {
  test.use({
    expectedConsoleErrors: {
      'the blank plan is refused with 400': failedRequest(400, '/api/catalog/admin/plans'),
      'the console logs the refused save': ({ text }) => text.startsWith('[agentdock] Failed to save plan'),
    },
  });

  test('a blank new plan is refused beside its fields in product language, and the banner reads exactly "Failed to save plan"', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await signInBrowser(page, admin);
    await page.goto('/admin?tab=plans');
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
    await page.getByRole('button', { name: 'Add Plan' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Plan' })).toBeFocused();

    const refused = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/catalog/admin/plans');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await refused).status()).toBe(400);

    const planId = page.getByLabel('Plan ID', { exact: true });
    await expectMessageBeside(planId, 'This field is required.');
    await expect(planId).toBeFocused();
    await expectMessageBeside(page.getByLabel('Name', { exact: true }), 'This field is required.');
    // A message grows its own field only: a field of the same row without one keeps its input in line.
    const tier = page.getByLabel('Tier', { exact: true });
    await expect(tier).not.toHaveAttribute('aria-invalid', 'true');
    const [idBox, tierBox] = [(await planId.boundingBox())!, (await tier.boundingBox())!];
    if (Math.abs(idBox.y - tierBox.y) < idBox.height) expect(Math.abs(idBox.y - tierBox.y)).toBeLessThan(1);
    // The form stays open with what was typed, and no developer wording reaches the page.
    await expect(page.getByRole('heading', { name: 'Create New Plan' })).toBeVisible();
    await expect(mainContent(page).getByText(/Too small|Invalid input|expected (string|number)/)).toHaveCount(0);

    const banner = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Dismiss error' }) });
    await expect(banner).toHaveCount(1);
    await expect(banner.locator('.adm-banner__text')).toHaveText('Failed to save plan');
    expect((await banner.locator('.adm-banner__text').textContent())?.trim()).toBe('Failed to save plan');
  });
});
