import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { adminAccount, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { nextEmail } from '../support/mailbox';
import { E2E_PORTS } from '../support/ports';
import { pageHeading } from '../support/site';

// A paying learner's whole path through a course, and the operator writing its lessons.

/** The text of every page of a PDF, as a reader extracts it. */
async function pdfText(path: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('Taking a course', () => {
  test.setTimeout(120_000);
  test.use({
    expectedConsoleErrors: {
      'a made-up verification code is answered 404': failedRequest(404, '/api/catalog/certificates/ABCD-EFGH-JKLM'),
      "a visitor's members-only lesson is answered 401": ({ text, url }) =>
        text.includes('status of 401') && /^\/api\/catalog\/courses\/ai-fundamentals\/lessons\/[0-9a-f-]{36}$/.test(new URL(url, 'http://site').pathname),
    },
  });

  test('buy with the test card, welcome notice and email, every lesson completed, certificate PDF and its verification page', async ({ page, request }) => {
    const learner = await createAccount(request, uniqueEmail('learner'), 'Ada Learner');
    await signInBrowser(page, learner);

    // A visitor's view first: the free preview opens, the next lesson is for members.
    await page.goto('/courses/ai-fundamentals');
    const preview = page.getByRole('link', { name: 'What a language model is' });
    await expect(preview).toBeVisible();

    const welcome = await nextEmail(request, learner.email, /^Welcome to AI Fundamentals for Business$/, async () => {
      await page.getByRole('button', { name: 'Start Learning' }).click();
      await expect(page).toHaveURL(new RegExp(`:${E2E_PORTS.STRIPE_LOCAL_PORT}/checkout/cs_test_`));
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page).toHaveURL(/\/courses\/ai-fundamentals/);
      await expect(page.getByText(/^Welcome to AI Fundamentals for Business! Your membership is active/)).toBeVisible({ timeout: 20_000 });
    });
    const firstLessonLink = welcome.links.map((link) => new URL(link)).find((url) => /^\/courses\/ai-fundamentals\/lessons\/[0-9a-f-]{36}$/.test(url.pathname));
    expect(firstLessonLink, 'the welcome email links to the first lesson').toBeTruthy();

    await page.getByRole('link', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(firstLessonLink!.pathname);
    await expect(pageHeading(page, 'What a language model is')).toBeVisible();
    const outline = page.getByRole('complementary', { name: 'Course outline' });
    await expect(outline.getByText('0 of 9 lessons, 0 %')).toBeVisible();

    // Every lesson, in order, through the Next links; the exercise answer is kept on the server.
    let completed = 0;
    for (;;) {
      const exercise = page.getByRole('textbox', { name: 'Your answer (only you can see it)' });
      if (completed === 2) {
        await expect(exercise).toBeEnabled();
        await exercise.fill('Weekly sales report, meeting notes, supplier emails.');
        await page.getByRole('button', { name: 'Save answer' }).click();
        await expect(page.getByText('Answer saved')).toBeVisible();
        await page.reload();
        await expect(page.getByRole('textbox', { name: 'Your answer (only you can see it)' })).toHaveValue('Weekly sales report, meeting notes, supplier emails.');
      }
      await page.getByRole('button', { name: 'Mark as complete' }).click();
      await expect(page.getByRole('button', { name: 'Mark as not complete' })).toBeVisible();
      completed += 1;
      await expect(outline.getByText(new RegExp(`^${completed} of 9 lessons`))).toBeVisible();
      const next = page.getByRole('link', { name: 'Next lesson →' });
      if ((await next.count()) === 0) break;
      if (completed === 4) {
        // Half way: the course page offers to continue where the learner stopped.
        await page.goto('/courses/ai-fundamentals');
        await expect(page.getByText('4 of 9 lessons, 44 %')).toBeVisible();
        await page.getByRole('link', { name: 'Continue' }).click();
        await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible();
        continue;
      }
      await next.click();
      await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible();
    }
    expect(completed).toBe(9);

    await page.getByRole('link', { name: 'See your certificate' }).click();
    await expect(page).toHaveURL(/\/certificates\/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const code = new URL(page.url()).pathname.split('/').pop()!;
    await expect(pageHeading(page, 'Verified certificate')).toBeVisible();
    await expect(page.getByText('Ada Learner')).toBeVisible();
    await expect(page.getByText(code)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download certificate (PDF)' }).click()]);
    const text = await pdfText((await download.path())!);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Ada Learner');
    expect(text).toContain('AI Fundamentals for Business');
    expect(text).toContain(`Verification code: ${code}`);
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(text).toContain(today);
    expect(text).toContain('Date of completion');

    // The dashboard lists it; a made-up code is not a certificate.
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Certificate: AI Fundamentals for Business' })).toBeVisible();
    await page.goto('/certificates/ABCD-EFGH-JKLM');
    await expect(pageHeading(page, 'Certificate Not Found')).toBeVisible();

    // On a phone: the lesson, its outline and the certificate fit the width.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(firstLessonLink!.pathname);
    await expect(pageHeading(page, 'What a language model is')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Course outline' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto(`/certificates/${code}`);
    await expect(pageHeading(page, 'Verified certificate')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a visitor opens the free preview, and meets Members Only on the next lesson', async ({ page }) => {
    await page.goto('/courses/ai-fundamentals');
    await page.getByRole('link', { name: 'What a language model is' }).click();
    await expect(pageHeading(page, 'What a language model is')).toBeVisible();
    await expect(page.getByText('A language model is a program trained')).toBeVisible();
    await page.getByRole('link', { name: 'Next lesson →' }).click();
    await expect(pageHeading(page, 'Members Only')).toBeVisible();
    await expect(page.getByText('Members Only: You need to be enrolled in this course to access this lesson.')).toBeVisible();
    // The locked lesson sells what opens it: a visitor signs in first and comes back to this lesson.
    const locked = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Subscribe to the course' }).click();
    await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent(locked)}`);
  });
});

test.describe('The operator writes lessons', () => {
  test('adds a lesson, moves it up, publishes it, and it shows on the course page', async ({ page, request }) => {
    const admin = await adminAccount(request);
    await signInBrowser(page, admin);
    await page.goto('/admin?tab=courses');
    await page.getByRole('combobox', { name: 'Course' }).selectOption('advanced-implementation');
    await expect(page.getByRole('list', { name: 'Lessons of module 1' })).toBeVisible();

    const title = `Vendor due diligence ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Lesson' }).click();
    await page.getByLabel('Lesson title').fill(title);
    await page.getByLabel('Estimated minutes').fill('7');
    await page.getByLabel('Lesson text (Markdown)').fill('Ask every vendor **where your data is processed**.');
    await expect(page.getByTestId('lesson-preview').locator('strong')).toHaveText('where your data is processed');
    await page.getByRole('button', { name: 'Save' }).click();

    const firstModule = page.getByRole('list', { name: 'Lessons of module 1' });
    const row = firstModule.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Draft');
    await expect(firstModule.getByRole('listitem').last()).toContainText(title);
    await row.getByRole('button', { name: `Move ${title} up` }).click();
    await expect(firstModule.getByRole('listitem').nth(2)).toContainText(title);
    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(row).toContainText('Published');

    await page.goto('/courses/advanced-implementation');
    const module = page.locator('.mk-module').filter({ hasText: 'Architecture for AI' });
    await expect(module.getByRole('link')).toHaveText(['Integrating agents with your systems', 'Data access and security', title, 'Choosing models and providers']);
    await module.getByRole('link', { name: title }).click();
    // The operator reads every lesson; the text is the one written above.
    await expect(pageHeading(page, title)).toBeVisible();
    await expect(page.getByText('where your data is processed')).toBeVisible();
  });
});
