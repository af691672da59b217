import { randomUUID } from 'node:crypto';
import { adminAccount, bearer, createAccount, signInBrowser } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { mainContent, pageHeading } from '../support/site';

// Issue 46: a customer's plan and access change only through the row's menu and a confirmation that
// spells out the consequence; the keyboard reaches all of it, and Escape changes nothing.

for (const width of [1280, 375]) {
  test(`the users list's actions sit in a menu, and plan change and suspension ask first, by keyboard too (${width} px)`, async ({ page, request }) => {
    const run = randomUUID().slice(0, 8);
    const name = `Ana Tools ${run}`;
    const customer = await createAccount(request, `tools-${run}@example.com`, name);
    const admin = await adminAccount(request);
    await page.setViewportSize({ width, height: 900 });
    await signInBrowser(page, admin);
    await page.goto(`/admin?tab=users&q=${run}`);
    await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
    const row = mainContent(page).getByRole('row').filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('combobox')).toHaveCount(0);
    const actions = row.getByRole('button', { name: `Actions for ${name}` });

    // Keyboard: the menu opens on its first item, the arrows move, Escape closes it back onto the button.
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Details' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Change plan…' })).toBeFocused();
    await page.keyboard.press('Enter');

    const change = page.getByRole('alertdialog', { name: `Change ${name}’s plan?` });
    await expect(change.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(change.getByRole('button', { name: 'Change plan' })).toBeDisabled();
    await change.getByLabel('New plan').selectOption({ label: 'Pro' });
    await expect(change.getByTestId('plan-change-consequence')).toContainText(`${name} moves from Free to Pro now and gets Starter and Pro agents.`);
    await expect(change.getByTestId('plan-change-consequence')).toContainText('Their card is not charged.');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(change).toHaveCount(0);
    await expect(actions).toBeFocused();
    await expect(row.locator('.ad-tier-badge')).toHaveText('Free');

    // Suspension: the consequence, then Cancel leaves the customer as they were.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Suspend…' }).click();
    const suspend = page.getByRole('alertdialog', { name: `Suspend ${name}?` });
    await expect(suspend).toContainText(`${name} will be signed out everywhere now and cannot sign in, chat or use their API keys until reactivated.`);
    await expect(suspend).toContainText('their card is still charged');
    await expectNoSeriousAxeViolations(page);
    await suspend.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    const profile = await request.get(`/api/identity/admin/users?q=${encodeURIComponent(customer.email)}`, { headers: bearer(admin) });
    expect(((await profile.json()) as { users: Array<{ subscriptionTier: string; isSuspended: boolean }> }).users[0]).toMatchObject({
      subscriptionTier: 'free',
      isSuspended: false,
    });

    // A downgrade names what the customer loses.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Change plan…' }).click();
    await change.getByLabel('New plan').selectOption({ label: 'Pro' });
    await change.getByRole('button', { name: 'Change plan' }).click();
    await expect(row.locator('.ad-tier-badge')).toHaveText('Pro');
    await actions.click();
    await page.getByRole('menuitem', { name: 'Change plan…' }).click();
    await change.getByLabel('New plan').selectOption({ label: 'Starter' });
    await expect(change.getByTestId('plan-change-consequence')).toContainText(`${name} will lose Pro agents now and moves from Pro to Starter.`);
    await expect(change.getByTestId('plan-change-consequence')).toContainText('Their card is not charged or refunded.');
    await change.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.locator('.ad-tier-badge')).toHaveText('Pro');
  });
}
