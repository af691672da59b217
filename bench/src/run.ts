// `npm run bench`: prints figures, asserts nothing.
//   1. GET /api/catalog/plans straight to svc-catalog vs through the gateway (each its own process,
//      as in production), requests/s and latency, and the ratio;
//   2. the gzipped JavaScript the browser fetches for the first view of `/`;
//   3. chat: time to the first streamed token through gateway + svc-chat vs the provider alone,
//      and debits per second on PostgreSQL.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchChat } from './chat';
import { measureFirstView } from './first-view';
import { repoRoot, type Started, startProcess, stopAll, waitForOk } from './processes';
import { measureThroughput } from './throughput';

const PORTS = { gateway: 3600, catalog: 3602, shell: 3620, marketing: 3621 };
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function main(): Promise<void> {
  for (const frontend of ['shell', 'mfe-marketing']) {
    if (!existsSync(join(repoRoot, frontend, 'dist', 'mf-manifest.json'))) {
      throw new Error(`${frontend} is not built; run \`npm run build\` first`);
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'agentdock-bench-'));
  const started: Started[] = [];
  try {
    started.push(
      startProcess('svc-catalog', ['--import', 'tsx', 'svc-catalog/src/main.ts'], {
        PORT: String(PORTS.catalog),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, 'svc-catalog'),
        JWKS_URL: 'http://127.0.0.1:9/jwks.json',
      }),
      startProcess('shell', ['packages/static-server/bin/agentdock-static.mjs', 'shell/dist', '--spa', '--port', String(PORTS.shell)], {}),
      startProcess('mfe-marketing', ['packages/static-server/bin/agentdock-static.mjs', 'mfe-marketing/dist', '--cors', '--port', String(PORTS.marketing)], {}),
      startProcess('gateway', ['--import', 'tsx', 'gateway/src/main.ts'], {
        PORT: String(PORTS.gateway),
        HOST: '127.0.0.1',
        CATALOG_URL: `http://127.0.0.1:${PORTS.catalog}`,
        SHELL_URL: `http://127.0.0.1:${PORTS.shell}`,
        REMOTE_MARKETING_URL: `http://localhost:${PORTS.marketing}/mf-manifest.json`,
        // The bench is one client hammering one endpoint; the per-IP limit would measure 429s.
        RATE_LIMIT_PER_MINUTE: '100000000',
      }),
    );
    const direct = `http://127.0.0.1:${PORTS.catalog}/api/catalog/plans`;
    const viaGateway = `http://127.0.0.1:${PORTS.gateway}/api/catalog/plans`;
    await waitForOk(direct);
    await waitForOk(viaGateway);

    console.log(`GET /api/catalog/plans — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after a 2 s warm-up`);
    const directResult = await measureThroughput(direct, DURATION_SECONDS, CONNECTIONS);
    const gatewayResult = await measureThroughput(viaGateway, DURATION_SECONDS, CONNECTIONS);
    const row = (label: string, r: typeof directResult) =>
      `  ${label.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   non-2xx ${r.non2xx}`;
    console.log(row('direct', directResult));
    console.log(row('through gateway', gatewayResult));
    console.log(`  gateway keeps ${((gatewayResult.requestsPerSecond / directResult.requestsPerSecond) * 100).toFixed(1)} % of direct throughput`);

    const firstView = await measureFirstView(`http://localhost:${PORTS.gateway}/`);
    console.log('\nFirst view of / — JavaScript fetched by the browser (gzipped):');
    for (const file of firstView.files) console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file.url}`);
    console.log(`  ${(firstView.totalGzipBytes / 1024).toFixed(1).padStart(7)} KB  total (${firstView.files.length} files)`);
    await benchChat();
  } finally {
    await stopAll(started);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
