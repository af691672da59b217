// The gateway part of `npm run bench`: GET /api/catalog/plans straight to svc-catalog, through a
// bare node:http proxy and through the gateway, each its own process as in production. The three
// are measured in turns, several rounds in a rotating order, so that the load other programs put
// on the machine falls on all three alike; the summary takes medians and compares within a run.
import { join } from 'node:path';
import { type Started, startProcess, stopAll, waitForOk } from './processes';
import { measureAtRate, percentile } from './fixed-rate';
import { cpuMicros, measureThroughput } from './throughput';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const FIXED_RATE = 1_000;
const WARM_UP_SECONDS = 2;
// A production process runs for days; its figures are the ones after V8 has compiled the hot
// paths. Measured here, the gateway (more code than the bare proxy) needs about 10 s of load to
// get there, the bare proxy and the service a few; the rounds start after this much.
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 12);
// LOG_LEVEL of the gateway: production's default is info (a line per request).
const GATEWAY_LOG_LEVEL = process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'info';

const LABELS = ['direct', 'bare node:http', 'gateway'] as const;
type Label = (typeof LABELS)[number];

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const rotated = <T>(items: readonly T[], by: number) => items.map((_, index) => items[(index + by) % items.length]!);
const fixed = (value: number, digits = 0, width = 7) => value.toFixed(digits).padStart(width);

export async function benchGateway(dataDir: string, portBase: number): Promise<void> {
  const ports = { gateway: portBase, bareProxy: portBase + 1, catalog: portBase + 2, shell: portBase + 3 };
  const started: Started[] = [
    startProcess('svc-catalog', ['--import', 'tsx', 'svc-catalog/src/main.ts'], {
      PORT: String(ports.catalog),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'svc-catalog'),
      JWKS_URL: 'http://127.0.0.1:9/jwks.json',
    }),
    startProcess('bare-proxy', ['--import', 'tsx', 'bench/src/bare-proxy.ts', `http://127.0.0.1:${ports.catalog}`, String(ports.bareProxy)], {}),
    startProcess('gateway', ['--import', 'tsx', 'gateway/src/main.ts'], {
      PORT: String(ports.gateway),
      HOST: '127.0.0.1',
      CATALOG_URL: `http://127.0.0.1:${ports.catalog}`,
      SHELL_URL: `http://127.0.0.1:${ports.shell}`,
      // The bench is one client hammering one endpoint; the per-IP limit would measure 429s.
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: GATEWAY_LOG_LEVEL,
    }),
  ];
  try {
    const pid = (name: string) => started.find((entry) => entry.name === name)!.child.pid!;
    // Whose CPU a row counts: for `direct` the service's own, otherwise the proxy's.
    const targets: Record<Label, { url: string; pid: number }> = {
      direct: { url: `http://127.0.0.1:${ports.catalog}/api/catalog/plans`, pid: pid('svc-catalog') },
      'bare node:http': { url: `http://127.0.0.1:${ports.bareProxy}/api/catalog/plans`, pid: pid('bare-proxy') },
      gateway: { url: `http://127.0.0.1:${ports.gateway}/api/catalog/plans`, pid: pid('gateway') },
    };
    for (const { url } of Object.values(targets)) await waitForOk(url);

    console.log(`GET /api/catalog/plans — ${ROUNDS} rounds in rotating order; each run ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up`);
    console.log(`\nFirst ${SETTLE_SECONDS} s of load on each, before the rounds (a process just started: V8 still compiling)`);
    for (const label of LABELS) {
      const cold = await measureThroughput(targets[label].url, SETTLE_SECONDS, CONNECTIONS);
      console.log(`  ${label.padEnd(15)} ${fixed(cold.requestsPerSecond)} req/s`);
    }
    console.log(`\nThroughput, ${CONNECTIONS} connections (CPU: µs per request of the process answering: the service for direct, else the proxy)`);
    const flat = Object.fromEntries(LABELS.map((label) => [label, { rps: [] as number[], cpu: [] as number[], non2xx: 0 }])) as Record<
      Label,
      { rps: number[]; cpu: number[]; non2xx: number }
    >;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const label of rotated(LABELS, round)) {
        const { url, pid: answering } = targets[label];
        await measureThroughput(url, WARM_UP_SECONDS, CONNECTIONS);
        const cpuBefore = cpuMicros(answering);
        const result = await measureThroughput(url, SECONDS, CONNECTIONS);
        const cpu = (cpuMicros(answering) - cpuBefore) / result.requests;
        flat[label].rps.push(result.requestsPerSecond);
        flat[label].cpu.push(cpu);
        flat[label].non2xx += result.non2xx;
        console.log(`  round ${round + 1}  ${label.padEnd(15)} ${fixed(result.requestsPerSecond)} req/s   CPU ${fixed(cpu, 0, 5)} µs/req`);
      }
    }
    const ratios = flat.gateway.rps.map((rps, round) => (rps / flat['bare node:http'].rps[round]!) * 100);
    console.log('  median:');
    for (const label of LABELS) {
      console.log(`    ${label.padEnd(15)} ${fixed(median(flat[label].rps))} req/s   CPU ${fixed(median(flat[label].cpu), 0, 5)} µs/req   non-2xx ${flat[label].non2xx}`);
    }
    console.log(`  gateway keeps ${median(ratios).toFixed(1)} % of the bare proxy's throughput (goal ≥ 90 %; per round ${ratios.map((ratio) => ratio.toFixed(1)).join(', ')})`);
    console.log(`  gateway CPU ≈ ${median(flat.gateway.cpu).toFixed(0)} µs per request, bare proxy ${median(flat['bare node:http'].cpu).toFixed(0)} µs`);

    console.log(`\nLatency at a fixed ${FIXED_RATE} requests/s (goal: gateway adds ≤ 1 ms at p50 over direct)`);
    const paced = Object.fromEntries(LABELS.map((label) => [label, { p50: [] as number[], p99: [] as number[], failures: 0 }])) as Record<
      Label,
      { p50: number[]; p99: number[]; failures: number }
    >;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const label of rotated(LABELS, round)) {
        await measureAtRate(targets[label].url, FIXED_RATE, WARM_UP_SECONDS);
        const result = await measureAtRate(targets[label].url, FIXED_RATE, SECONDS);
        paced[label].p50.push(result.p50Ms);
        paced[label].p99.push(result.p99Ms);
        paced[label].failures += result.failures;
        console.log(`  round ${round + 1}  ${label.padEnd(15)} p50 ${fixed(result.p50Ms, 2)} ms   p99 ${fixed(result.p99Ms, 2)} ms`);
      }
    }
    console.log('  median:');
    for (const label of LABELS) {
      console.log(`    ${label.padEnd(15)} p50 ${fixed(median(paced[label].p50), 2)} ms   p99 ${fixed(median(paced[label].p99), 2)} ms   failed ${paced[label].failures}`);
    }
    // Per round, then the median: each round's three runs saw the same machine.
    const added = (label: Label, key: 'p50' | 'p99') => median(paced[label][key].map((value, round) => value - paced.direct[key][round]!));
    console.log(`  gateway adds ${added('gateway', 'p50').toFixed(2)} ms at p50 and ${added('gateway', 'p99').toFixed(2)} ms at p99 over direct`);
    console.log(`  bare proxy adds ${added('bare node:http', 'p50').toFixed(2)} ms at p50 and ${added('bare node:http', 'p99').toFixed(2)} ms at p99`);
  } finally {
    await stopAll(started);
  }
}
