import { randomUUID } from 'node:crypto';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
import { expect, test } from '../support/fixtures';
import { pageHeading, TEXT } from '../support/site';

// Signed-in flows of the marketing pages: course enrolment and discussion, and content the
// operator edits. Accounts are made through the real sign-up (local mailbox, code exchange).

test.describe('Course discussion for members', () => {
  test('locked until enrolled; an enrolled member posts a comment that is still there after a reload', async ({ page, request }) => {
    const member = await createAccount(request, uniqueEmail('member'), 'Course Member');
    await signInBrowser(page, member);

    // Signed in but not enrolled: locked, and the discussion sends the member back.
    await page.goto('/courses/ai-fundamentals');
    const community = page.getByRole('main').locator('.ad-card', { has: page.getByRole('heading', { name: 'Course community' }) });
    await expect(community.getByText('Members Only:')).toBeVisible();
    await expect(community.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await page.goto('/courses/ai-fundamentals/discussion');
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals$/);

    const granted = await request.post('/api/catalog/admin/courses/ai-fundamentals/enrolments', {
      headers: bearer(await adminAccount(request)),
      data: { userId: member.userId },
    });
    expect(granted.status(), await granted.text()).toBe(201);

    await page.reload();
    await expect(community.getByText('Members Only:')).toHaveCount(0);
    await community.getByRole('link', { name: 'Open Discussion' }).click();
    await expect(page).toHaveURL(/\/courses\/ai-fundamentals\/discussion$/);
    await expect(pageHeading(page, 'AI Fundamentals for Business Discussion')).toBeVisible();

    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByText('Write a comment first')).toBeVisible();

    const comment = `Module two made prompts click for me (${randomUUID().slice(0, 8)})`;
    await page.getByRole('textbox', { name: 'Your comment' }).fill(comment);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByText('Your comment is posted.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveValue('');

    await page.reload();
    await expect(pageHeading(page, 'AI Fundamentals for Business Discussion')).toBeVisible();
    const saved = page.getByRole('listitem').filter({ hasText: comment });
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('Course Member');
  });
});

test.describe('Content the operator edits', () => {
  // The sanitised hero keeps its image's harmless src="x": the browser asks for /x, which is no page (404).
  test.use({ expectedConsoleErrors: { 'the injected image’s /x answers 404': failedRequest(404, '/x') } });

  test('a hero edited through the admin API appears on the home page, sanitised', async ({ page, request }) => {
    const headers = bearer(await adminAccount(request));
    const list = await request.get('/api/catalog/admin/content', { headers });
    expect(list.ok(), await list.text()).toBe(true);
    const { sections } = (await list.json()) as { sections: Array<{ id: string; slot: string | null; title: string; format: string; content: string }> };
    const hero = sections.find((section) => section.slot === 'home.hero')!;
    expect(hero.title).toBe(TEXT.homeHeading);

    const edited = await request.patch(`/api/catalog/admin/content/${hero.id}`, {
      headers,
      data: {
        title: 'Agents that do the busywork',
        format: 'html',
        content: '<p>Fresh words from the admin console.<img src="x" onerror="window.__owned = true"></p><script>window.__owned = true</script>',
      },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    try {
      await expect(async () => {
        await page.goto('/');
        await expect(pageHeading(page, 'Agents that do the busywork')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByText('Fresh words from the admin console.')).toBeVisible();
      expect(await page.evaluate(() => (window as Window & { __owned?: boolean }).__owned)).toBeUndefined();
      await expect(page.locator('main [onerror], main script')).toHaveCount(0);
    } finally {
      const restored = await request.patch(`/api/catalog/admin/content/${hero.id}`, {
        headers,
        data: { title: hero.title, format: hero.format, content: hero.content },
      });
      expect(restored.ok()).toBe(true);
    }
    // Served pages are cached for SSR_CACHE_TTL_MS (1 s in this suite): the restored hero shows on a reload after that.
    await expect(async () => {
      await page.reload();
      await expect(pageHeading(page, TEXT.homeHeading)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });
});
