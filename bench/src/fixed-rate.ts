import http from 'node:http';

export interface LatencyResult {
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function getOnce(agent: http.Agent, url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode !== undefined && res.statusCode < 400));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
  });
}

/**
 * Starts `perSecond` requests a second for `seconds`, each on schedule whether or not earlier ones
 * have finished, so a slow server shows as latency rather than as a lower rate, and times each in
 * microseconds (autocannon's histogram counts whole milliseconds, too coarse for a 1 ms budget).
 * `send` makes request number `index` and says whether it succeeded; the answer holds the
 * latencies of those that did, in the order they ended, and a promise that every request settled.
 */
export async function scheduleAtRate(perSecond: number, seconds: number, send: (index: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  const pending: Array<Promise<void>> = [];
  const total = Math.round(perSecond * seconds);
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond) + 1);
    for (; sent < due; sent += 1) {
      const begun = performance.now();
      pending.push(
        send(sent).then((ok) => {
          if (ok) latencies.push(performance.now() - begun);
          else failures += 1;
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { total, latencies, failures: () => failures, settled: Promise.all(pending) };
}

/** GETs `url` at a steady `perSecond` for `seconds` over keep-alive connections (see scheduleAtRate). */
export async function measureAtRate(target: string, perSecond: number, seconds: number): Promise<LatencyResult> {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const run = await scheduleAtRate(perSecond, seconds, () => getOnce(agent, url));
  await run.settled;
  agent.destroy();
  const latencies = [...run.latencies].sort((a, b) => a - b);
  return { requests: latencies.length, failures: run.failures(), p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}
