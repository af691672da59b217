import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { E2E_PORTS } from '../support/ports';
import { mainContent, pageHeading } from '../support/site';

// Courses from the console against the real platform: the course an admin creates is sold by
// billing at its price and billing (one payment here), and its member is counted from the data.

interface CatalogCourse {
  id: string;
  title: string;
  students: number;
  billing: 'one_time' | 'monthly';
  archived: boolean;
}

async function openCoursesTab(page: Page) {
  await signInBrowser(page, await adminAccount(page.request));
  await page.goto('/admin?tab=courses');
  await expect(pageHeading(page, 'Admin Dashboard')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Courses in display order' })).toBeVisible();
}

const courseRow = (page: Page, title: string) => page.getByRole('list', { name: 'Courses in display order' }).getByRole('listitem').filter({ hasText: title });

test.describe('Courses from the console', () => {
  test.use({
    expectedConsoleErrors: {
      'the incomplete course is refused with 400': failedRequest(400, '/api/catalog/admin/courses'),
      'the console logs the refused save': ({ text }) => text.startsWith('[agentdock] Failed to save course'),
    },
  });

  test('an admin creates a course priced one-time; a customer buys it with one payment and is its one member, counted on its page and in the console', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Sales Playbook ${randomUUID().slice(0, 6)}`;
    await openCoursesTab(page);
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Course' })).toBeFocused();
    // The catalog's messages land beside the fields it refuses.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Give the course a title')).toBeVisible();
    await expect(page.getByText('Enter a price')).toBeVisible();

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Level').selectOption('Intermediate');
    await page.getByLabel('Duration').fill('3 weeks');
    await page.getByLabel('Price ($)').fill('99');
    await page.getByLabel('Billing').selectOption({ label: 'One-time payment' });
    await page.getByLabel('Instructor name').fill('Rita Ng');
    await page.getByLabel('Instructor role').fill('Sales Lead');
    await page.getByLabel('Short description').fill('Close more deals with AI agents.');
    await page.getByLabel('Modules (one per line; lessons are added under them)').fill('Prospecting\nClosing');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = courseRow(page, title);
    await expect(row.getByTestId('course-price')).toHaveText('$99 one-time');
    await expect(row).toContainText('Intermediate · 3 weeks · 0 members');
    await expect(row.getByText('Listed')).toBeVisible();

    const { courses } = (await (await request.get('/api/catalog/courses')).json()) as { courses: CatalogCourse[] };
    const created = courses.find((course) => course.title === title)!;
    expect(created).toMatchObject({ billing: 'one_time', students: 0, archived: false });

    // The customer, in a browser of their own.
    const customer = await createAccount(request);
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await signInBrowser(shopper, customer);
    await shopper.goto(`/courses/${created.id}`);
    await expect(pageHeading(shopper, title)).toBeVisible();
    await expect(mainContent(shopper).locator('.mk-course-facts')).toContainText('$99 one-time');
    await expect(mainContent(shopper).getByText('$99 one-time, yours to keep.')).toBeVisible();
    await expectNoSeriousAxeViolations(shopper);
    await shopper.getByRole('button', { name: 'Start Learning' }).click();
    // One payment, not a subscription: the hosted page says so.
    await expect(shopper).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
    await expect(shopper.getByRole('heading', { name: `Pay for ${title} course` })).toBeVisible();
    await expect(shopper.getByText('$99.00, paid once')).toBeVisible();
    await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shopper.getByRole('button', { name: 'Pay' }).click();
    await expect(shopper).toHaveURL(new RegExp(`/courses/${created.id}`));
    // Catalog enrols the buyer from billing's event; the page waits for it. No lesson is published yet.
    await expect(mainContent(shopper).getByText('The first lessons of this course open soon.')).toBeVisible({ timeout: 20_000 });
    const enrolment = await request.get(`/api/catalog/courses/${created.id}/enrolment`, { headers: bearer(customer) });
    expect(await enrolment.json()).toEqual({ courseId: created.id, enrolled: true });
    const subscriptions = (await (await request.get('/api/billing/subscriptions', { headers: bearer(customer) })).json()) as { subscriptions: unknown[] };
    expect(subscriptions.subscriptions).toEqual([]);

    // The public figures are cached for seconds: the page shows the member once they refresh.
    const students = async () => ((await (await request.get(`/api/catalog/courses/${created.id}`)).json()) as CatalogCourse).students;
    await expect.poll(students, { timeout: 20_000 }).toBe(1);
    await shopper.reload();
    await expect(mainContent(shopper).locator('.mk-course-facts')).toContainText('Members1');
    await shopperContext.close();

    await page.reload();
    await expect(courseRow(page, title)).toContainText('1 member');
    // A second purchase is refused: the buyer holds it already.
    const again = await request.post('/api/billing/checkout', { headers: bearer(customer), data: { kind: 'course', courseId: created.id } });
    expect(again.status()).toBe(409);
  });

  test('an admin edits, moves and archives a course: the audit says so, the course leaves the list and is no longer sold', async ({ page, request }) => {
    const admin = await adminAccount(request);
    const title = `Archive Me ${randomUUID().slice(0, 6)}`;
    const created = await request.post('/api/catalog/admin/courses', {
      headers: bearer(admin),
      data: {
        title,
        description: 'Soon gone.',
        level: 'Beginner',
        estimatedDuration: '1 week',
        priceMinor: 4_900,
        billing: 'monthly',
        image: '/api/catalog/assets/courses/customer-service.svg',
        instructor: { name: 'Rita Ng', role: 'Sales Lead', image: '/api/catalog/assets/instructors/maya-chen.svg' },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as CatalogCourse;

    await openCoursesTab(page);
    const row = courseRow(page, title);
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByLabel('Price ($)').fill('59');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByTestId('course-price')).toHaveText('$59 per month');

    // Moved with the keyboard: the Move up button is reached and pressed without a pointer.
    const titles = () => page.getByRole('list', { name: 'Courses in display order' }).getByRole('listitem').locator('strong').allTextContents();
    const before = await titles();
    await row.getByRole('button', { name: `Move ${title} up` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual([...before.slice(0, before.indexOf(title) - 1), title, before[before.indexOf(title) - 1]!, ...before.slice(before.indexOf(title) + 1)]);

    await row.getByRole('button', { name: `Archive ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await expect(row.getByText('Archived')).toBeVisible();
    const { courses } = (await (await request.get('/api/catalog/courses')).json()) as { courses: CatalogCourse[] };
    expect(courses.map((course) => course.id)).not.toContain(id);
    const buyer = await createAccount(request);
    await expect
      .poll(async () => (await request.post('/api/billing/checkout', { headers: bearer(buyer), data: { kind: 'course', courseId: id } })).status(), { timeout: 20_000 })
      .toBe(404);

    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    await expect(page.getByText(`changed ${title}'s price from $49 to $59`)).toBeVisible();
    await expect(page.getByText(`archived the course ${title}`)).toBeVisible();
    await expect(page.getByText('reordered the courses').first()).toBeVisible();
  });

  for (const width of [1280, 375]) {
    test(`the Courses tab and its form pass axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openCoursesTab(page);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Add Course' }).click();
      await page.getByLabel('Course image').selectOption('other');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Give the course a title')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
