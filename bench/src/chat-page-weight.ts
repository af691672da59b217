import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { createAccount, signInBrowser, uniqueEmail } from '../../e2e/support/accounts';

export interface ScriptWeight {
  gzipBytes: number;
  files: number;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * The chat remote's gzipped JavaScript (the files its own origin serves) on /chat for a signed-in
 * member: on the first load, and once a reply with a code block has pulled in the highlighter.
 * The platform must run with `MAILBOX_TOKEN` set (the account is confirmed through the dev mailbox).
 */
export async function measureChatRemote(baseUrl: string, chatOrigin: string): Promise<{ firstLoad: ScriptWeight; withHighlighter: ScriptWeight }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const account = await createAccount(context.request, uniqueEmail('bench-chat'));
    const page = await context.newPage();
    await signInBrowser(page, account);
    const sizes: Array<Promise<number>> = [];
    page.on('response', (response) => {
      const isScript = response.request().resourceType() === 'script' || (response.headers()['content-type'] ?? '').includes('javascript');
      if (isScript && response.url().startsWith(chatOrigin))
        sizes.push(
          response.body().then(
            (body) => gzipSync(body).length,
            () => 0,
          ),
        );
    });
    const weigh = async (): Promise<ScriptWeight> => {
      const all = await Promise.all(sizes);
      return { gzipBytes: all.reduce((sum, size) => sum + size, 0), files: all.length };
    };
    await page.goto('/chat', { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: 'Agent' }).selectOption({ index: 1 });
    await page.waitForLoadState('networkidle');
    const firstLoad = await weigh();
    await page.getByRole('textbox', { name: 'Message' }).fill('Write a TypeScript function for my tasks');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.locator('.chat-markdown .hljs-keyword').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return { firstLoad, withHighlighter: await weigh() };
  } finally {
    await browser.close();
  }
}
