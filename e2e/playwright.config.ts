import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { ADMIN_EMAIL } from './support/accounts';
import { MAILBOX_TOKEN } from './support/mailbox';
import { E2E_PORTS, portBase } from './support/ports';

// The browser suite drives Debian's Chromium (never a downloaded browser) against the whole
// platform started by the launcher, on its own ports and a throwaway data folder so it neither
// collides with nor touches a developer's running instance.

const baseURL = `http://localhost:${E2E_PORTS.PORT}`;
// A fresh data folder per run, always the same one, so runs never pile up copies in /tmp. The web
// server's own command clears it: every process that loads this file (workers, `--list`, a second
// invocation) would otherwise wipe the folder under a platform that is running.
const dataDir = join(tmpdir(), `agentdock-e2e-data-${portBase}`);
// The e2e workspace is an ES module (no __dirname): the repository root is this file's parent folder.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: join(repoRoot, 'playwright-report') }]],
  outputDir: join(repoRoot, 'test-results'),
  use: {
    baseURL,
    browserName: 'chromium',
    // Recording every test's trace (a screencast through Chromium's compositor) made CI's run about
    // a quarter slower on two cores (32 tests: 265 s against 194 s): there a failure's retry
    // records it. A developer's run has no retry, so it keeps each failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf '${dataDir}' && node --v8-pool-size=0 launcher/bin/start.mjs`,
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...Object.fromEntries(Object.entries(E2E_PORTS).map(([name, port]) => [name, String(port)])),
      AGENTDOCK_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: ADMIN_EMAIL,
      MAILBOX_TOKEN,
      // Every request of the suite comes from 127.0.0.1: the gateway's per-IP limit would answer 429
      // to a suite that runs fast (its own test covers the limit).
      RATE_LIMIT_PER_MINUTE: '100000',
      PAGE_RATE_LIMIT_PER_MINUTE: '100000',
      // Server-rendered pages are kept a second, not the default 30 s: tests that edit content
      // and then open the page must not wait for the cache.
      SSR_CACHE_TTL_MS: '1000',
      // Two members before a team buys seats (the owner and one invitee), so the teams journey
      // runs without a seat purchase and still meets the refusal past the seats.
      TEAM_FREE_SEATS: '2',
      // Every test signs up and in from 127.0.0.1: lift the per-IP budgets, keep the per-account ones.
      AUTH_RATE_LIMITS: ['signin', 'signup', 'resend', 'recover', 'magiclink', 'otp', 'verify'].map((action) => `${action}.ip=100000`).join(','),
    },
  },
});
