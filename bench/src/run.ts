// `npm run bench`: prints figures, asserts nothing.
//   1. GET /api/catalog/plans straight to svc-catalog, through a bare node:http proxy and through
//      the gateway (each its own process, as in production): requests/s, latency at a fixed rate,
//      and the gateway's CPU per request;
//   2. per public route at 1280 and 375 px: FCP, LCP, CLS and the gzipped JavaScript fetched, on
//      the whole platform as `npm start` runs it;
//   3. chat: time to the first streamed token through gateway + svc-chat vs the provider alone,
//      and debits per second on PostgreSQL.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchChat } from './chat';
import { repoRoot, type Started, startProcess, stopAll, waitForOk } from './processes';
import { cpuMicros, measureAtRate, measureThroughput, type ThroughputResult } from './throughput';
import { measureRoutes } from './web-vitals';

const PORTS = { gateway: 3600, bareProxy: 3601, catalog: 3602, shell: 3620, marketing: 3621 };
// The whole platform for the page figures, on ports of its own (launcher port names).
const PLATFORM_BASE = 3700;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const FIXED_RATE = 1_000;
const PUBLIC_ROUTES = ['/', '/pricing', '/courses', '/courses/ai-fundamentals', '/models', '/about', '/our-story', '/terms', '/privacy', '/contact', '/signin', '/signup'];
const FRONTENDS = ['shell', 'mfe-marketing', 'mfe-account', 'mfe-chat', 'mfe-admin'];
// BENCH_PARTS=pages (or gateway,chat…) runs only those parts, for a quick look at one figure.
const PARTS = new Set((process.env.BENCH_PARTS ?? 'gateway,pages,chat').split(',').map((part) => part.trim()));

const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;

async function benchGateway(dataDir: string): Promise<void> {
  const started: Started[] = [];
  try {
    started.push(
      startProcess('svc-catalog', ['--import', 'tsx', 'svc-catalog/src/main.ts'], {
        PORT: String(PORTS.catalog),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, 'svc-catalog'),
        JWKS_URL: 'http://127.0.0.1:9/jwks.json',
      }),
      startProcess('bare-proxy', ['--import', 'tsx', 'bench/src/bare-proxy.ts', `http://127.0.0.1:${PORTS.catalog}`, String(PORTS.bareProxy)], {}),
      startProcess('gateway', ['--import', 'tsx', 'gateway/src/main.ts'], {
        PORT: String(PORTS.gateway),
        HOST: '127.0.0.1',
        CATALOG_URL: `http://127.0.0.1:${PORTS.catalog}`,
        SHELL_URL: `http://127.0.0.1:${PORTS.shell}`,
        // The bench is one client hammering one endpoint; the per-IP limit would measure 429s.
        RATE_LIMIT_PER_MINUTE: '100000000',
      }),
    );
    const gatewayProcess = started.find((entry) => entry.name === 'gateway')!.child;
    const targets = {
      direct: `http://127.0.0.1:${PORTS.catalog}/api/catalog/plans`,
      'bare node:http': `http://127.0.0.1:${PORTS.bareProxy}/api/catalog/plans`,
      gateway: `http://127.0.0.1:${PORTS.gateway}/api/catalog/plans`,
    };
    for (const url of Object.values(targets)) await waitForOk(url);

    const row = (label: string, r: ThroughputResult) =>
      `  ${label.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   non-2xx ${r.non2xx}`;
    console.log(`GET /api/catalog/plans — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after a 2 s warm-up`);
    const flat: Record<string, ThroughputResult> = {};
    for (const [label, url] of Object.entries(targets)) {
      const cpuBefore = label === 'gateway' ? cpuMicros(gatewayProcess.pid!) : 0;
      flat[label] = await measureThroughput(url, DURATION_SECONDS, CONNECTIONS);
      console.log(row(label, flat[label]!));
      if (label === 'gateway') {
        // The warm-up's requests count too: the CPU was read before it.
        const cpuPerRequest = (cpuMicros(gatewayProcess.pid!) - cpuBefore) / (flat[label]!.requests * (1 + 2 / DURATION_SECONDS));
        console.log(`  gateway CPU ≈ ${cpuPerRequest.toFixed(0)} µs per request`);
      }
    }
    const share = (label: string) => ((flat.gateway!.requestsPerSecond / flat[label]!.requestsPerSecond) * 100).toFixed(1);
    console.log(`  gateway keeps ${share('bare node:http')} % of the bare proxy's throughput (goal ≥ 90 %) and ${share('direct')} % of direct`);

    console.log(`\nSame endpoint at a fixed ${FIXED_RATE} requests/s, ${DURATION_SECONDS} s (goal: gateway adds ≤ 1 ms at p50)`);
    const fixed: Record<string, ThroughputResult> = {};
    for (const [label, url] of Object.entries(targets)) {
      fixed[label] = await measureAtRate(url, FIXED_RATE, DURATION_SECONDS);
      console.log(row(label, fixed[label]!));
    }
    console.log(`  gateway adds ${(fixed.gateway!.p50Ms - fixed.direct!.p50Ms).toFixed(2)} ms at p50 over direct`);
  } finally {
    await stopAll(started);
  }
}

async function benchPages(dataDir: string): Promise<void> {
  const ports = {
    PORT: PLATFORM_BASE, IDENTITY_PORT: PLATFORM_BASE + 11, CATALOG_PORT: PLATFORM_BASE + 12, BILLING_PORT: PLATFORM_BASE + 13,
    CHAT_PORT: PLATFORM_BASE + 14, STRIPE_LOCAL_PORT: PLATFORM_BASE + 15, AGENT_PROVIDER_PORT: PLATFORM_BASE + 16,
    SHELL_PORT: PLATFORM_BASE + 20, MFE_MARKETING_PORT: PLATFORM_BASE + 21, MFE_ACCOUNT_PORT: PLATFORM_BASE + 22,
    MFE_CHAT_PORT: PLATFORM_BASE + 23, MFE_ADMIN_PORT: PLATFORM_BASE + 24,
  };
  const platform = startProcess('platform', ['launcher/bin/start.mjs'], {
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    AGENTDOCK_DATA_DIR: join(dataDir, 'platform'),
  });
  try {
    const base = `http://localhost:${PLATFORM_BASE}`;
    await waitForOk(`${base}/readyz`, 120_000);
    const widths = [1280, 375];
    console.log('\nPublic routes — medians of 3 fresh visits (goals: CLS ≤ 0.05, LCP within 100 ms of FCP, / ≤ 120 KB and /signin ≤ 110 KB of gzipped JS)');
    console.log(`  ${'route'.padEnd(34)}   FCP        LCP       CLS     JS gzipped`);
    const results = await measureRoutes(base, PUBLIC_ROUTES, widths);
    for (const [key, vitals] of results) {
      console.log(`  ${key.padEnd(34)} ${ms(vitals.fcpMs)} ${ms(vitals.lcpMs)}   ${vitals.cls.toFixed(3).padStart(6)}   ${(vitals.jsGzipBytes / 1024).toFixed(1).padStart(6)} KB in ${vitals.jsFiles} files`);
    }
  } finally {
    await stopAll([platform]);
  }
}

async function main(): Promise<void> {
  for (const frontend of FRONTENDS) {
    if (!existsSync(join(repoRoot, frontend, 'dist', 'mf-manifest.json'))) {
      throw new Error(`${frontend} is not built; run \`npm run build\` first`);
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'agentdock-bench-'));
  try {
    if (PARTS.has('gateway')) await benchGateway(dataDir);
    if (PARTS.has('pages')) await benchPages(dataDir);
    if (PARTS.has('chat')) await benchChat();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
