// The render CPU figures of the rendering bench, in a process of their own started with
// NODE_ENV=production, as the shell server's image runs (React's development build costs several
// times more per render and is not what visitors are served by). Prints its table and exits.
import { join } from 'node:path';
import { createShellRenderer } from '@agentdock/shell/server';
import { percentile } from './fixed-rate';
import { repoRoot } from './processes';
import type { RenderingTargets } from './rendering';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 20);
// A server that has been up for a while: remotes loaded and its code compiled by V8's optimiser.
const WARM_RENDERS = Number(process.env.BENCH_WARM_RENDERS ?? 30);
const CACHED_CALLS = 1_000;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main(): Promise<void> {
  const targets = JSON.parse(process.env.BENCH_RENDER_TARGETS ?? '') as RenderingTargets;
  const routes = JSON.parse(process.env.BENCH_RENDER_ROUTES ?? '[]') as string[];
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

  console.log(
    `\nServer rendering, CPU of the renderer's process per page, NODE_ENV=${process.env.NODE_ENV} (median of ${RENDERS} renders uncached after ${WARM_RENDERS} to warm up; mean of ${CACHED_CALLS} cache hits; goal: ≤ 10 ms uncached)`,
  );
  console.log(`  ${'route'.padEnd(28)} uncached     cached`);
  for (const route of routes) {
    for (let warm = 0; warm < WARM_RENDERS; warm += 1) await uncached(route);
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
