import { expect, test } from '../support/fixtures';
import { adminAccount, bearer, createAccount } from '../support/accounts';
import { mainContent, pageHeading } from '../support/site';

/** The fields of the catalog's course answers this suite relies on. */
interface CatalogCourse {
  id: string;
  title: string;
  description: string;
  fullDescription: string;
  estimatedDuration: string;
  level: string;
  students: number;
  completionRate: number | null;
  /** Per month, integer minor units. */
  priceMinor: number;
  instructor: { name: string; role: string };
  modules: Array<{ title: string; lessons: string[] }>;
  whatYouGet: string[];
}

interface CommunityOffer {
  title: string;
  members: number;
  learnings: string[];
  inviteUrl: string;
}

test.describe('Courses page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('shows the banner, the 8 learnings, the $50 box, the member count and every course', async ({ page, request }) => {
    const offer = (await (await request.get('/api/catalog/community')).json()) as CommunityOffer;
    const { courses } = (await (await request.get('/api/catalog/courses')).json()) as { courses: CatalogCourse[] };
    expect(offer.learnings).toHaveLength(8);

    await page.goto('/courses');
    await expect(pageHeading(page, 'Courses')).toBeVisible();
    await expect(mainContent(page).getByText(/Learn to use and build AI agents for your business/)).toBeVisible();
    const learnings = mainContent(page).getByRole('heading', { name: "What you'll learn" }).locator('..').getByRole('listitem');
    await expect(learnings).toHaveText(offer.learnings.map((learning) => new RegExp(escapeRegExp(learning))));
    await expect(mainContent(page).getByRole('heading', { name: offer.title })).toBeVisible();
    await expect(mainContent(page).getByText('$50', { exact: true })).toBeVisible();
    // Counted from live subscriptions; nothing shows until there is someone to count.
    if (offer.members > 0) await expect(mainContent(page).locator('.mk-stats__item', { hasText: 'Members' }).locator('dd')).toHaveText(offer.members.toLocaleString('en-US'));
    else await expect(mainContent(page).locator('.mk-stats')).toHaveCount(0);
    await expect(mainContent(page).getByText('Average rating')).toHaveCount(0);
    for (const course of courses) {
      await expect(mainContent(page).getByRole('link', { name: course.title, exact: true })).toHaveAttribute('href', `/courses/${course.id}`);
    }
  });

  test('Subscribe sends a visitor to sign in first: the invite is what a paid subscription unlocks', async ({ page }) => {
    await page.goto('/courses');
    await mainContent(page).getByRole('button', { name: 'Subscribe & Get Discord Access' }).click();
    await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fcourses$/);
  });
});

test.describe('Course page', () => {
  test('shows every field of the course from the catalog', async ({ page, request }) => {
    const course = (await (await request.get('/api/catalog/courses/build-ai-agents')).json()) as CatalogCourse;

    await page.goto('/courses/build-ai-agents');
    await expect(pageHeading(page, course.title)).toBeVisible();
    await expect(mainContent(page).getByText(course.description, { exact: true })).toBeVisible();
    await expect(mainContent(page).getByText(course.fullDescription, { exact: true })).toBeVisible();
    const facts = mainContent(page).locator('.mk-course-facts');
    await expect(facts).toContainText(course.estimatedDuration);
    await expect(facts).toContainText(course.level);
    if (course.students > 0) await expect(facts).toContainText(`Members${course.students.toLocaleString('en-US')}`);
    else await expect(facts).not.toContainText('Members');
    await expect(facts).toContainText(`$${course.priceMinor / 100} per month`);
    await expect(mainContent(page).getByText(course.instructor.name, { exact: true })).toBeVisible();
    await expect(mainContent(page).getByText(course.instructor.role, { exact: true })).toBeVisible();
    const modules = mainContent(page).locator('.mk-module');
    await expect(modules).toHaveCount(course.modules.length);
    for (const [index, module] of course.modules.entries()) {
      await expect(modules.nth(index).getByRole('heading')).toContainText(module.title);
      // Each lesson links to its page once the outline has arrived.
      await expect(modules.nth(index).getByRole('link')).toHaveText(module.lessons);
    }
    const whatYouGet = mainContent(page).getByRole('heading', { name: 'What you get' }).locator('..').getByRole('listitem');
    await expect(whatYouGet).toHaveText(course.whatYouGet);
  });

  test('a visitor finds the discussion and community locked, and is sent back from the discussion', async ({ page }) => {
    await page.goto('/courses/ai-fundamentals');
    const community = mainContent(page).locator('.ad-card', { has: page.getByRole('heading', { name: 'Course community' }) });
    await expect(community.getByText('You need to be enrolled in this course to access the discussion forum.', { exact: false })).toBeVisible();
    await expect(community.getByRole('list', { name: 'Members-only areas' }).getByRole('listitem')).toHaveText([/Discussion/, /Community chat/]);
    await expect(community.getByRole('link', { name: 'Open Discussion' })).toHaveCount(0);
    await expect(mainContent(page).getByText('$25 per month, cancel anytime. Sign in to subscribe.')).toBeVisible();

    await page.goto('/courses/ai-fundamentals/discussion');
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals$/);
    await expect(pageHeading(page, 'AI Fundamentals for Business')).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.describe('Course members', () => {
  test("a new member is counted on the course's page: the figure is the data's, not a number typed in", async ({ page, request }) => {
    const admin = await adminAccount(request);
    const members = async () => ((await (await request.get('/api/catalog/courses/customer-service')).json()) as CatalogCourse).students;
    const before = await members();
    const learner = await createAccount(request);
    const granted = await request.post('/api/catalog/admin/courses/customer-service/enrolments', { headers: bearer(admin), data: { userId: learner.userId } });
    expect(granted.status()).toBe(201);
    // The public figures are cached for seconds: the page shows the new count once they refresh.
    await expect.poll(members, { timeout: 20_000 }).toBe(before + 1);
    await page.goto('/courses/customer-service');
    await expect(mainContent(page).locator('.mk-course-facts')).toContainText(`Members${(before + 1).toLocaleString('en-US')}`);
  });
});
