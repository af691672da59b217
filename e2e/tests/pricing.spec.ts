import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { mainNav, pageHeading, TEXT } from '../support/site';

/** The fields of GET /api/catalog/plans this suite relies on. */
interface CatalogPlan {
  id: string;
  name: string;
  currency: string;
  monthly: { amountMinor: number } | null;
  customPrice: boolean;
  highlight: boolean;
}

/** Minor units as the cards show them: "$50", "$57.50". */
const money = (amountMinor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: amountMinor % 100 === 0 ? 0 : 2 }).format(amountMinor / 100);

/** A plan card: an <article> named by its plan's name. */
const planCard = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });
const planCards = (page: Page): Locator => page.getByRole('article');

async function openPricingFromHeader(page: Page) {
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(pageHeading(page, TEXT.pricingHeading)).toBeVisible();
}

test.describe('Pricing page', () => {
  test('the header link opens pricing with one card per plan from the catalog service', async ({ page, request }) => {
    const response = await request.get('/api/catalog/plans');
    expect(response.ok()).toBe(true);
    const { plans } = (await response.json()) as { plans: CatalogPlan[] };
    expect(plans.map((plan) => plan.id)).toEqual(['free', 'starter', 'professional', 'enterprise']);

    await openPricingFromHeader(page);

    await expect(planCards(page)).toHaveCount(plans.length);
    // Same plans, in the catalog's order.
    await expect(planCards(page).getByRole('heading', { level: 2 })).toHaveText(plans.map((plan) => plan.name));

    for (const plan of plans) {
      const card = planCard(page, plan.name);
      await expect(card.getByRole('heading', { name: plan.name, exact: true })).toBeVisible();
      if (plan.customPrice || !plan.monthly) {
        await expect(card.getByText('Custom pricing', { exact: true })).toBeVisible();
      } else {
        await expect(card.getByText(money(plan.monthly.amountMinor, plan.currency), { exact: true })).toBeVisible();
        await expect(card.getByText('/month')).toBeVisible();
      }
      // Only the highlighted plan carries the badge.
      await expect(card.getByText('MOST POPULAR', { exact: true })).toHaveCount(plan.highlight ? 1 : 0);
    }

    const pro = plans.find((plan) => plan.id === 'professional');
    expect(pro?.name).toBe('Pro');
    expect(pro?.highlight).toBe(true);
    await expect(planCard(page, 'Pro').getByText('MOST POPULAR', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage My Subscription' })).toHaveAttribute('href', '/manage-subscription');
  });

  test('the annual toggle switches Starter and Pro to the annual prices and back', async ({ page }) => {
    await openPricingFromHeader(page);
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    const annual = page.getByRole('radio', { name: /^Annual/ });
    const starter = planCard(page, 'Starter');
    const pro = planCard(page, 'Pro');

    await expect(monthly).toBeChecked();
    await expect(page.getByText('save up to 15%', { exact: true })).toBeVisible();
    await expect(starter.getByText('$50', { exact: true })).toBeVisible();
    await expect(pro.getByText('$100', { exact: true })).toBeVisible();
    await expect(page.getByText(/Billed annually/)).toHaveCount(0);

    await annual.check();
    await expect(annual).toBeChecked();
    await expect(starter.getByText('$45', { exact: true })).toBeVisible();
    await expect(starter.getByText('Billed annually at $540 per year')).toBeVisible();
    await expect(starter.getByText('Save $5 per month')).toBeVisible();
    await expect(starter.getByText('$50', { exact: true })).toHaveCount(0);
    await expect(pro.getByText('$85', { exact: true })).toBeVisible();
    await expect(pro.getByText('Billed annually at $1,020 per year')).toBeVisible();
    await expect(pro.getByText('Save $15 per month')).toBeVisible();
    await expect(pro.getByText('$100', { exact: true })).toHaveCount(0);

    // Back with the keyboard: arrows move between the radios of the group.
    await annual.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(monthly).toBeChecked();
    await expect(starter.getByText('$50', { exact: true })).toBeVisible();
    await expect(pro.getByText('$100', { exact: true })).toBeVisible();
    await expect(page.getByText(/Billed annually/)).toHaveCount(0);
    await expect(starter.getByText('$45', { exact: true })).toHaveCount(0);
  });

  test('plan buttons: Free signs up, Enterprise drafts a mail to sales, a paid plan asks a visitor to sign up for it', async ({ page }) => {
    await page.goto('/pricing');
    const enterpriseCta = planCard(page, 'Enterprise').getByRole('link');
    await expect(enterpriseCta).toHaveAttribute('href', /^mailto:sales@agentdock\.example\?subject=Enterprise/);

    await planCard(page, 'Free').getByRole('link').click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(pageHeading(page, 'Create your account')).toBeVisible();

    await page.goBack();
    await planCard(page, 'Starter').getByRole('button').click();
    await expect(page).toHaveURL(/\/signup\?returnUrl=%2Fpricing%3Fcheckout%3Dstarter%26period%3Dmonthly$/);
    await expect(pageHeading(page, 'Create your account')).toBeVisible();
    await expect(page.getByText(/to start the Starter plan, billed monthly/)).toBeVisible();
  });
});
