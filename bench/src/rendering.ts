// The server-rendering part of `npm run bench` (BENCH_PARTS=rendering), against the platform the
// page figures start: the CPU one server render of each public page costs in this process (the
// shell's own renderer, remotes loaded from the platform's static servers, data through its
// gateway), uncached and from the render cache; then /api latency while clients flood the gateway
// with distinct page URLs (/?x=N), against the same figure without the flood.
import { join } from 'node:path';
import { createShellRenderer } from '@agentdock/shell/server';
import { measureAtRate, percentile } from './fixed-rate';
import { repoRoot } from './processes';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 10);
const CACHED_CALLS = 1_000;
const API_RATE = 50;
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const FLOOD_CLIENTS = 8;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export interface RenderingTargets {
  /** The gateway, as the browser reaches it. */
  base: string;
  marketingManifest: string;
  accountManifest: string;
}

export async function benchRendering(targets: RenderingTargets, routes: readonly string[]): Promise<void> {
  const common = {
    templateFile: join(repoRoot, 'shell', 'dist', 'index.html'),
    manifests: { marketing: targets.marketingManifest, account: targets.accountManifest },
    apiBaseUrl: targets.base,
    renderTimeoutMs: 10_000,
    // The remotes stay loaded, as in a server that has been up for a while.
    remoteRecheckMs: 3_600_000,
  };
  const failures: string[] = [];
  // A time to live of 0: every call renders. A long one: every call after the first is a hit.
  const uncached = createShellRenderer({ ...common, cacheTtlMs: 0, onError: (error, path) => failures.push(`${path}: ${String(error)}`) });
  const cached = createShellRenderer({ ...common, cacheTtlMs: 3_600_000 });

  console.log(`\nServer rendering, CPU of this process per page (median of ${RENDERS} renders uncached; mean of ${CACHED_CALLS} cache hits)`);
  console.log(`  ${'route'.padEnd(28)} uncached     cached`);
  for (const route of routes) {
    for (let warm = 0; warm < 3; warm += 1) await uncached(route);
    const costs: number[] = [];
    for (let run = 0; run < RENDERS; run += 1) {
      const start = process.cpuUsage();
      const html = await uncached(route);
      costs.push(cpuMs(start));
      if (html === null) failures.push(`${route}: served the plain shell`);
    }
    await cached(route);
    const start = process.cpuUsage();
    for (let call = 0; call < CACHED_CALLS; call += 1) await cached(`${route}${route.includes('?') ? '&' : '?'}x=${call}`);
    const hitMicros = (cpuMs(start) * 1000) / CACHED_CALLS;
    console.log(`  ${route.padEnd(28)} ${median(costs).toFixed(1).padStart(6)} ms ${hitMicros.toFixed(0).padStart(7)} µs`);
  }
  if (failures.length > 0) console.log(`  (not rendered: ${[...new Set(failures)].slice(0, 3).join('; ')})`);

  const api = `${targets.base}/api/catalog/plans`;
  const quiet = await measureAtRate(api, API_RATE, FLOOD_SECONDS);
  let stop = false;
  let sent = 0;
  const statuses = new Map<number, number>();
  const floodClient = async () => {
    while (!stop) {
      const response = await fetch(`${targets.base}/?x=${(sent += 1)}`).catch(() => undefined);
      await response?.arrayBuffer();
      const status = response?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const flood = Array.from({ length: FLOOD_CLIENTS }, floodClient);
  const flooded = await measureAtRate(api, API_RATE, FLOOD_SECONDS);
  stop = true;
  await Promise.all(flood);
  const answered = [...statuses].map(([status, count]) => `${count}× ${status || 'failed'}`).join(', ');
  console.log(`\n/api during a page-URL flood (GET /api/catalog/plans at ${API_RATE}/s for ${FLOOD_SECONDS} s; goal: p99 ≤ 50 ms)`);
  console.log(`  without flood: p50 ${quiet.p50Ms.toFixed(1)} ms, p99 ${quiet.p99Ms.toFixed(1)} ms, ${quiet.failures} failed`);
  console.log(`  with flood:    p50 ${flooded.p50Ms.toFixed(1)} ms, p99 ${flooded.p99Ms.toFixed(1)} ms, ${flooded.failures} failed`);
  console.log(`  flood: ${sent} distinct /?x=N requests from ${FLOOD_CLIENTS} clients on one IP, answered ${answered}`);
}
