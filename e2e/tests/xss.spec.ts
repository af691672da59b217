import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminAccount, bearer, createAccount, signInBrowser, uniqueEmail } from '../support/accounts';
import { failedRequest } from '../support/expected-errors';
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
  // The sanitiser keeps the payloads' images with their harmless src="x"; on the public pages the
  // browser asks for /x, which is no page (404). The trap and the DOM check still demand no execution.
  test.use({ expectedConsoleErrors: { 'the payloads’ images ask for /x, answered 404': failedRequest(404, '/x') } });

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
    // This member's own marker: every other run's posts (a retry's first try among them) stay in the course's discussion.
    const marker = `${MARKER} ${member.userId}`;
    for (const body of posts) {
      const posted = await request.post('/api/catalog/courses/ai-fundamentals/discussion', { headers: bearer(member), data: { body: `${marker}\n${body}` } });
      expect(posted.ok(), await posted.text()).toBe(true);
    }
    await signInBrowser(page, member);
    const trap = await armTrap(page);
    await page.goto('/courses/ai-fundamentals/discussion');
    await expect(page.getByRole('listitem').filter({ hasText: marker })).toHaveCount(posts.length);
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
      // The marker opens the lesson body; the saved answer below starts with it too.
      await expect(page.locator('.mk-lesson__body').getByText(MARKER, { exact: true })).toBeVisible();
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

    test('chat replies, streamed and from history, show each payload quoted back and run none of it', async ({ page, request }) => {
      test.setTimeout(180_000);
      const account = await createAccount(request, uniqueEmail('xss-chat'));
      expect((await request.get('/api/chat/wallet', { headers: bearer(account) })).ok()).toBe(true);
      // Each message sends up to ten earlier ones to the model as context, so each costs more than a first one.
      const topUp = await request.post(`/api/chat/admin/wallets/${account.userId}/adjustments`, {
        headers: bearer(await adminAccount(request)),
        data: { credits: 50_000_000, reason: 'XSS corpus run' },
      });
      expect(topUp.ok(), await topUp.text()).toBe(true);
      const agents = await request.get('/api/chat/agents', { headers: bearer(account) });
      expect(agents.ok(), await agents.text()).toBe(true);
      const agent = ((await agents.json()) as { agents: Array<{ id: string; name: string }> }).agents.find((candidate) => candidate.name === 'Meeting Prep Assistant')!;

      // The demo agent quotes the message back as a Markdown blockquote (its first 200 characters).
      // One payload per message, after a text marker: a payload that leaves an element open (an
      // unclosed <style> inside MathML) swallows whatever follows it in its reply, so each reply
      // holds one payload and the marker before it proves the payload reached the rendered reply.
      const cases = XSS_PAYLOADS.map((payload, index) => {
        const marker = `${MARKER} ${index + 1}:`;
        const message = `${marker}\n\n${payload}`;
        expect(message.length, `message ${index + 1} fits the demo's quote`).toBeLessThanOrEqual(200);
        return {
          marker,
          message,
          quoted: message
            .split('\n')
            .map((line) => (line.trim() ? `> ${line}` : '>'))
            .join('\n'),
        };
      });
      type Case = (typeof cases)[number];
      const groupSize = Math.ceil(cases.length / 5);
      const groups: Case[][] = [];
      for (let start = 0; start < cases.length; start += groupSize) groups.push(cases.slice(start, start + groupSize));
      const [streamed, ...stored] = groups as [Case[], ...Case[][]];

      /** The reply's Markdown quotes the payload as written: the renderer gets it raw, not escaped. */
      const expectQuoted = (markdown: string, item: Case) => expect(markdown, `reply to ${item.marker} quotes the payload as Markdown`).toContain(item.quoted);
      /** The rendered reply shows the payload's marker as text, inside the quote. */
      const expectShown = (bubble: Locator, item: Case) => expect(bubble.locator('blockquote'), `reply to ${item.marker}`).toContainText(item.marker);

      // Four conversations filled over the API at once, each message in turn.
      const conversationIds = await Promise.all(
        stored.map(async (group) => {
          let conversationId: string | undefined;
          for (const item of group) {
            const sent = await request.post(`/api/chat/agents/${agent.id}/messages`, {
              headers: bearer(account),
              data: { message: item.message, ...(conversationId ? { conversationId } : { newConversation: true }) },
            });
            const events = await sent.text();
            expect(sent.ok(), events).toBe(true);
            const done = /^event: done\ndata: (.*)$/m.exec(events);
            expect(done, events).not.toBeNull();
            const answer = JSON.parse(done![1]!) as { conversation: { id: string }; reply: { markdown: string } };
            expectQuoted(answer.reply.markdown, item);
            conversationId = answer.conversation.id;
          }
          return conversationId!;
        }),
      );

      await signInBrowser(page, account);
      const trap = await armTrap(page);
      // Stored replies (the streaming bubble is not one of them).
      const replies = page.locator('.chat-turn--assistant .chat-bubble--assistant');
      for (const [index, group] of stored.entries()) {
        await page.goto(`/chat/${conversationIds[index]}`);
        await expect(replies).toHaveCount(group.length);
        for (const [position, item] of group.entries()) await expectShown(replies.nth(position), item);
        await expectInert(page, trap);
      }

      // The rest through the page, in a new conversation, so the streaming renderer sees them too.
      await page.getByRole('button', { name: 'New chat' }).click();
      await expect(replies).toHaveCount(0);
      const input = page.getByRole('textbox', { name: 'Message' });
      for (const [position, item] of streamed.entries()) {
        await input.fill(item.message);
        await input.press('Enter');
        // Sent (the composer empties as the reply starts), then streamed to the end.
        await expect(input).toHaveValue('');
        await expect(page.getByTestId('streaming-reply')).toHaveCount(0, { timeout: 15_000 });
        await expect(replies).toHaveCount(position + 1);
        await expectShown(replies.last(), item);
      }
      await expectInert(page, trap);
      // From history after a reload, each reply still quoting its payload.
      await page.reload();
      await expect(replies).toHaveCount(streamed.length);
      for (const [position, item] of streamed.entries()) await expectShown(replies.nth(position), item);
      const conversation = /\/chat\/([0-9a-f-]{36})$/.exec(page.url());
      expect(conversation, page.url()).not.toBeNull();
      const history = await request.get(`/api/chat/conversations/${conversation![1]}/messages`, { headers: bearer(account) });
      expect(history.ok(), await history.text()).toBe(true);
      const markdown = ((await history.json()) as { messages: Array<{ role: string; markdown: string }> }).messages
        .filter((message) => message.role === 'assistant')
        .map((message) => message.markdown);
      expect(markdown).toHaveLength(streamed.length);
      streamed.forEach((item, position) => expectQuoted(markdown[position]!, item));
      await expectInert(page, trap);
    });
  });
});
