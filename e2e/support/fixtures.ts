import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { E2E_PORTS } from './ports';

/** Whether a console error (its text and the URL it came from) is one a test provokes on purpose. */
export type ConsoleErrorMatcher = (error: { text: string; url: string }) => boolean;

interface BrowserErrorOptions {
  /**
   * Console errors this test provokes on purpose, keyed by the written reason they are expected
   * (so none is ignored silently). Uncaught page errors are never allowed.
   */
  expectedConsoleErrors: Record<string, ConsoleErrorMatcher>;
}

interface BrowserErrorFixtures {
  /** Uncaught exceptions and unexpected console errors seen so far in this test. */
  browserErrors: string[];
  /** Slows the page's CPU by the factor in E2E_CPU_THROTTLE (unset: full speed). */
  cpuThrottle: void;
  /** Holds back the micro-frontends' scripts by E2E_REMOTE_SCRIPT_DELAY_MS (unset: none). */
  remoteScriptDelay: void;
}

/**
 * Races between a served page and its hydration show on a loaded CI machine, rarely on a fast
 * one: `E2E_CPU_THROTTLE=6` runs every page of a suite on a CPU six times slower (Chromium's
 * own emulation), so such a race can be reproduced with `--repeat-each`.
 */
const cpuThrottleRate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
if (!(cpuThrottleRate >= 1)) throw new Error(`E2E_CPU_THROTTLE must be a number of at least 1, not ${process.env.E2E_CPU_THROTTLE}`);
/**
 * A loaded static server sends a remote's scripts late, so a served page stays visible and
 * typeable for a while before it hydrates: `E2E_REMOTE_SCRIPT_DELAY_MS=1500` widens that window.
 */
const remoteScriptDelayMs = Number(process.env.E2E_REMOTE_SCRIPT_DELAY_MS ?? 0);
if (!(remoteScriptDelayMs >= 0)) throw new Error(`E2E_REMOTE_SCRIPT_DELAY_MS must be a number of milliseconds, not ${process.env.E2E_REMOTE_SCRIPT_DELAY_MS}`);
const remotePorts = new Set([E2E_PORTS.MFE_MARKETING_PORT, E2E_PORTS.MFE_ACCOUNT_PORT, E2E_PORTS.MFE_CHAT_PORT, E2E_PORTS.MFE_ADMIN_PORT].map(String));

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

/**
 * Every test fails if the page threw an uncaught error (`pageerror`) or logged a console error it
 * did not declare in `expectedConsoleErrors`, so "renders" always also means "renders cleanly".
 */
export const test = base.extend<BrowserErrorOptions & BrowserErrorFixtures>({
  expectedConsoleErrors: [{}, { option: true }],
  browserErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const seen = { text: message.text(), url: message.location().url };
        if (Object.values(expectedConsoleErrors).some((matches) => matches(seen))) return;
        errors.push(describeConsole(message));
      });
      await use(errors);
      expect(errors, 'uncaught page errors or unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  cpuThrottle: [
    async ({ page }, use) => {
      if (cpuThrottleRate > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottleRate });
      }
      await use();
    },
    { auto: true },
  ],
  remoteScriptDelay: [
    async ({ page }, use) => {
      if (remoteScriptDelayMs > 0) {
        await page.route(
          (url) => remotePorts.has(url.port) && url.pathname.endsWith('.js'),
          async (route) => {
            await new Promise((resolve) => setTimeout(resolve, remoteScriptDelayMs));
            await route.fallback();
          },
        );
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect };
