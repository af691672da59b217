import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { XSS_PAYLOADS } from '../support/xss-payloads';

// Every path that renders user- or operator-written text as HTML, fed the whole corpus, with an
// execution trap: a payload that runs calls __xss(n), and any dialog counts too. Payloads are
// batched so each path costs one or two page loads.

const MARKER = 'xss-corpus-marker';

interface Trap {
  hits: number[];
}

async function armTrap(page: Page): Promise<Trap> {
  const trap: Trap = { hits: [] };
  await page.exposeFunction('__xss', (payload: number) => void trap.hits.push(payload));
  page.on('dialog', (dialog) => {
    trap.hits.push(-1);
    void dialog.dismiss();
  });
  return trap;
}

/** Waits for late handlers (failed image loads, autofocus, animations), then checks trap and DOM. */
async function expectInert(page: Page, trap: Trap): Promise<void> {
  await page.waitForTimeout(750);
  // The structure a sanitizer must never let through, whether or not the browser ran it yet.
  const dangerous = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('main *, [role="main"] *')) {
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'META'].includes(element.tagName)) found.push(element.tagName);
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName}[${attribute.name}]`);
        if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attribute.name) && /^\s*(javascript|data:text\/html)/i.test(attribute.value))
          found.push(`${element.tagName}[${attribute.name}=${attribute.value}]`);
      }
    }
    return found;
  });
  expect(dangerous, 'script-capable markup in the rendered page').toEqual([]);
  expect(trap.hits, 'payloads that executed (their numbers)').toEqual([]);
}

/** The corpus in pieces of at most `size` characters, keeping each payload whole. */
function batches(size: number, separator = '\n'): string[] {
  const result: string[] = [];
  let current = '';
  for (const payload of XSS_PAYLOADS) {
    if (current && current.length + separator.length + payload.length > size) {
      result.push(current);
      current = '';
    }
    current = current ? `${current}${separator}${payload}` : payload;
  }
  if (current) result.push(current);
  return result;
}

interface Section {
  id: string;
  slot: string | null;
  title: string;
  format: string;
  content: string;
}

async function placedSections(request: APIRequestContext, headers: Record<string, string>): Promise<Section[]> {
  const list = await request.get('/api/catalog/admin/content', { headers });
  expect(list.ok(), await list.text()).toBe(true);
  return ((await list.json()) as { sections: Section[] }).sections.filter((section) => section.slot !== null);
}

test.describe('XSS corpus', () => {
  test(`has at least 60 payloads (${XSS_PAYLOADS.length})`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  test('operator content on every public page runs none of it, as HTML or as Markdown', async ({ page, request }) => {
    test.setTimeout(90_000);
    const headers = bearer(await adminAccount(request));
    const sections = await placedSections(request, headers);
    expect(sections.length).toBeGreaterThan(5);
    const trap = await armTrap(page);
    try {
      for (const [index, section] of sections.entries()) {
        const format = index % 2 === 0 ? 'html' : 'markdown';
        const content = `<p>${MARKER}</p>\n\n${XSS_PAYLOADS.join('\n\n')}`;
        const edited = await request.patch(`/api/catalog/admin/content/${section.id}`, { headers, data: { format, content } });
        expect(edited.ok(), await edited.text()).toBe(true);
      }
      for (const path of ['/', '/about', '/pricing', '/courses', '/models']) {
        await page.goto(path);
        await expect(page.getByText(MARKER).first(), `operator content shown on ${path}`).toBeVisible();
        await expectInert(page, trap);
      }
    } finally {
      for (const section of sections) {
        const restored = await request.patch(`/api/catalog/admin/content/${section.id}`, { headers, data: { format: section.format, content: section.content } });
        expect(restored.ok()).toBe(true);
      }
    }
  });

  test('course discussion posts run none of it', async ({ page, request }) => {
    const member = await createAccount(request, uniqueEmail('xss-member'), 'Xss Member');
    const granted = await request.post('/api/catalog/admin/courses/ai-fundamentals/enrolments', { headers: bearer(await adminAccount(request)), data: { userId: member.userId } });
    expect(granted.status(), await granted.text()).toBe(201);
    const posts = batches(4_000);
    for (const body of posts) {
      const posted = await request.post('/api/catalog/courses/ai-fundamentals/discussion', { headers: bearer(member), data: { body: `${MARKER}\n${body}` } });
      expect(posted.ok(), await posted.text()).toBe(true);
    }
    await signInBrowser(page, member);
    const trap = await armTrap(page);
    await page.goto('/courses/ai-fundamentals/discussion');
    await expect(page.getByRole('listitem').filter({ hasText: MARKER })).toHaveCount(posts.length);
    await expectInert(page, trap);
  });

  test('lesson bodies, exercise prompts and exercise answers run none of it', async ({ page, request }) => {
    const admin = bearer(await adminAccount(request));
    const corpus = XSS_PAYLOADS.join('\n\n');
    const created = await request.post('/api/catalog/admin/courses/customer-service/lessons', {
      headers: admin,
      data: { moduleIndex: 2, title: 'XSS corpus lesson', body: `${MARKER}\n\n${corpus}`, exercisePrompt: corpus.slice(0, 2000), isPublished: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const lesson = (await created.json()) as { id: string };
    try {
      const member = await createAccount(request, uniqueEmail('xss-learner'), 'Xss Learner');
      const granted = await request.post('/api/catalog/admin/courses/customer-service/enrolments', { headers: admin, data: { userId: member.userId } });
      expect(granted.status(), await granted.text()).toBe(201);
      const saved = await request.put(`/api/catalog/courses/customer-service/lessons/${lesson.id}/answer`, { headers: bearer(member), data: { answer: `${MARKER}\n${corpus}` } });
      expect(saved.ok(), await saved.text()).toBe(true);
      await signInBrowser(page, member);
      const trap = await armTrap(page);
      await page.goto(`/courses/customer-service/lessons/${lesson.id}`);
      await expect(page.getByText(MARKER)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Your answer (only you can see it)' })).toHaveValue(`${MARKER}\n${corpus}`);
      await expectInert(page, trap);
    } finally {
      // Unpublished again, so the course's lessons stay what other tests expect.
      const hidden = await request.patch(`/api/catalog/admin/courses/customer-service/lessons/${lesson.id}`, { headers: admin, data: { isPublished: false } });
      expect(hidden.ok(), await hidden.text()).toBe(true);
    }
  });

  test.describe('in chat', () => {
    test.use({
      expectedConsoleErrors: {
        // Chromium logs a blocked inline handler (script-src-attr 'none') from the chat chunk while
        // the corpus renders; the trap and the DOM check below still demand 0 executions and no
        // handler in the page. Reported for follow-up: which step parses the markup in the live document.
        'the gateway CSP blocks inline handlers of the payloads': ({ text }) => text.includes("violates the following Content Security Policy directive 'script-src-attr 'none''"),
      },
    });

    test('chat replies, streamed and from history, run none of it (the demo agent quotes the message back as Markdown)', async ({ page, request }) => {
      test.setTimeout(120_000);
      const account = await createAccount(request, uniqueEmail('xss-chat'));
      expect((await request.get('/api/chat/wallet', { headers: bearer(account) })).ok()).toBe(true);
      // Each message sends the conversation so far to the model, so the cost grows with every batch.
      const topUp = await request.post(`/api/chat/admin/wallets/${account.userId}/adjustments`, {
        headers: bearer(await adminAccount(request)),
        data: { credits: 10_000_000, reason: 'XSS corpus run' },
      });
      expect(topUp.ok(), await topUp.text()).toBe(true);
      const agents = await request.get('/api/chat/agents', { headers: bearer(account) });
      expect(agents.ok(), await agents.text()).toBe(true);
      const agent = ((await agents.json()) as { agents: Array<{ id: string; name: string }> }).agents.find((candidate) => candidate.name === 'Meeting Prep Assistant')!;
      // The demo reply quotes the first 300 characters of the message: one message per batch that fits.
      const messages = batches(280);
      for (const message of messages.slice(1)) {
        const sent = await request.post(`/api/chat/agents/${agent.id}/messages`, { headers: bearer(account), data: { message } });
        expect(sent.ok(), await sent.text()).toBe(true);
        expect(await sent.text()).toContain('event: done');
      }
      await signInBrowser(page, account);
      const trap = await armTrap(page);
      await page.goto('/chat');
      await page.getByRole('combobox', { name: 'Agent' }).selectOption({ label: agent.name });
      await expect(page.locator('.chat-bubble--assistant')).toHaveCount(messages.length - 1);
      await expectInert(page, trap);

      // The first batch goes through the page, so the streaming renderer sees it too.
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill(messages[0]!);
      await input.press('Enter');
      await expect(page.locator('.chat-bubble--assistant')).toHaveCount(messages.length);
      await expectInert(page, trap);
    });
  });
});
