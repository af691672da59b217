// `npm run bench`: prints figures, asserts nothing.
//   1. GET /api/catalog/plans straight to svc-catalog, through a bare node:http proxy and through
//      the gateway (each its own process, as in production), in rounds: requests/s, latency at a
//      fixed rate, and CPU per request (gateway.ts);
//   2. per public route at 1280 and 375 px: FCP, LCP, CLS and the gzipped JavaScript fetched, on
//      the whole platform as `npm start` runs it;
//   2b. the chat remote's gzipped JS on /chat for a member: first load and with the highlighter;
//   2c. server rendering: CPU per public page, uncached and cached, and /api p99 during a flood of
//      page URLs (rendering.ts), on the same platform;
//   3. chat: time to the first streamed token through gateway + svc-chat vs the provider alone,
//      and debits per second on PostgreSQL;
//   4. stats: each service's admin stats figures at 1M and 10M messages (1M users, 1M payments);
//   5. public API: what /v1/chat/completions through gateway + svc-chat adds over the provider
//      directly at a fixed 1,000 requests/s, and their CPU per request (public-api.ts);
//   5b. team pools: debits per second on one pool shared by 50 members vs 50 personal wallets on
//      PostgreSQL (pool-debits.ts);
//   6. knowledge: indexing throughput in pages/s into 1,000 files of 10 pages, and the time to
//      the first token with that knowledge against an agent without (knowledge.ts).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAdminStats } from './admin-stats';
import { benchChat } from './chat';
import { MAILBOX_TOKEN } from '../../e2e/support/mailbox';
import { measureChatRemote } from './chat-page-weight';
import { benchGateway } from './gateway';
import { benchKnowledge } from './knowledge';
import { benchPoolDebits } from './pool-debits';
import { repoRoot, startProcess, stopAll, waitForOk } from './processes';
import { benchRendering } from './rendering';
import { benchPublicApi } from './public-api';
import { measureRoutes } from './web-vitals';

// BENCH_PORT_BASE moves the gateway part's ports (base … base+3), so two benches can run at once.
const GATEWAY_PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3600);
// The whole platform for the page figures, on ports of its own (launcher port names), moved with BENCH_PORT_BASE.
const PLATFORM_BASE = GATEWAY_PORT_BASE + 100;
const PUBLIC_ROUTES = ['/', '/pricing', '/courses', '/courses/ai-fundamentals', '/models', '/about', '/our-story', '/terms', '/privacy', '/contact', '/signin', '/signup'];
const FRONTENDS = ['shell', 'mfe-marketing', 'mfe-account', 'mfe-chat', 'mfe-admin'];
// BENCH_PARTS=pages (or gateway,chat…) runs only those parts, for a quick look at one figure.
const PARTS = new Set((process.env.BENCH_PARTS ?? 'gateway,pages,rendering,chat-page,chat,stats,public-api,pool,knowledge').split(',').map((part) => part.trim()));

const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

async function benchPages(dataDir: string, parts: { routes: boolean; chatPage: boolean; rendering: boolean }): Promise<void> {
  const ports = {
    PORT: PLATFORM_BASE,
    IDENTITY_PORT: PLATFORM_BASE + 11,
    CATALOG_PORT: PLATFORM_BASE + 12,
    BILLING_PORT: PLATFORM_BASE + 13,
    CHAT_PORT: PLATFORM_BASE + 14,
    STRIPE_LOCAL_PORT: PLATFORM_BASE + 15,
    AGENT_PROVIDER_PORT: PLATFORM_BASE + 16,
    SHELL_PORT: PLATFORM_BASE + 20,
    MFE_MARKETING_PORT: PLATFORM_BASE + 21,
    MFE_ACCOUNT_PORT: PLATFORM_BASE + 22,
    MFE_CHAT_PORT: PLATFORM_BASE + 23,
    MFE_ADMIN_PORT: PLATFORM_BASE + 24,
  };
  const platform = startProcess('platform', ['launcher/bin/start.mjs'], {
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    AGENTDOCK_DATA_DIR: join(dataDir, 'platform'),
    // The dev mailbox confirms the account the /chat figure signs in with.
    MAILBOX_TOKEN,
    // The /api figures measure latency, not the per-IP budget a steady 50/s would exceed.
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  try {
    const base = `http://localhost:${PLATFORM_BASE}`;
    await waitForOk(`${base}/readyz`, 120_000);
    if (parts.chatPage) {
      const chat = await measureChatRemote(base, `http://localhost:${ports.MFE_CHAT_PORT}`);
      console.log('\nChat remote (mfe-chat) on /chat, signed in at 1280 px — gzipped JS from its origin');
      console.log(`  first load                         ${kb(chat.firstLoad.gzipBytes)} in ${chat.firstLoad.files} files`);
      console.log(`  with the highlighter (code reply)  ${kb(chat.withHighlighter.gzipBytes)} in ${chat.withHighlighter.files} files`);
    }
    if (parts.routes) {
      const widths = [1280, 375];
      console.log('\nPublic routes — medians of 3 fresh visits (goals: CLS 0, LCP within 100 ms of FCP, every route ≤ 100 KB of gzipped JS at first view)');
      console.log(`  ${'route'.padEnd(34)}   FCP        LCP       CLS     JS gzipped             once in use (JS, CLS)`);
      const results = await measureRoutes(base, PUBLIC_ROUTES, widths);
      for (const [key, vitals] of results) {
        console.log(
          `  ${key.padEnd(34)} ${ms(vitals.fcpMs)} ${ms(vitals.lcpMs)}   ${vitals.cls.toFixed(3).padStart(6)}   ${(vitals.jsGzipBytes / 1024).toFixed(1).padStart(6)} KB in ${vitals.jsFiles} files   ${(vitals.jsInUseGzipBytes / 1024).toFixed(1).padStart(6)} KB  ${vitals.clsInUse.toFixed(3)}`,
        );
      }
    }
    // Last: its flood spends this address's page budget, which would refuse the visits above.
    if (parts.rendering) {
      const manifest = (port: number) => `http://127.0.0.1:${port}/mf-manifest.json`;
      await benchRendering({ base, marketingManifest: manifest(ports.MFE_MARKETING_PORT), accountManifest: manifest(ports.MFE_ACCOUNT_PORT) }, PUBLIC_ROUTES);
    }
  } finally {
    await stopAll([platform]);
  }
}

async function main(): Promise<void> {
  // Only the pages need the front ends built.
  for (const frontend of PARTS.has('pages') || PARTS.has('chat-page') || PARTS.has('rendering') ? FRONTENDS : []) {
    if (!existsSync(join(repoRoot, frontend, 'dist', 'mf-manifest.json'))) {
      throw new Error(`${frontend} is not built; run \`npm run build\` first`);
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'agentdock-bench-'));
  try {
    if (PARTS.has('gateway')) await benchGateway(dataDir, GATEWAY_PORT_BASE);
    if (PARTS.has('pages') || PARTS.has('chat-page') || PARTS.has('rendering')) {
      await benchPages(dataDir, { routes: PARTS.has('pages'), chatPage: PARTS.has('chat-page'), rendering: PARTS.has('rendering') });
    }
    if (PARTS.has('chat')) await benchChat();
    if (PARTS.has('stats')) await benchAdminStats();
    if (PARTS.has('public-api')) await benchPublicApi();
    if (PARTS.has('pool')) await benchPoolDebits();
    if (PARTS.has('knowledge')) await benchKnowledge();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
