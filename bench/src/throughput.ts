import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface ThroughputResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

function summarise(result: autocannon.Result): ThroughputResult {
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** One run of `connections` clients as fast as they go; autocannon runs in this (separate) process. */
export async function measureThroughput(url: string, durationSeconds: number, connections: number): Promise<ThroughputResult> {
  return summarise(await autocannon({ url, connections, duration: durationSeconds }));
}

// Linux reports a process's CPU time in clock ticks of 1/100 s (CLK_TCK on every mainstream kernel).
const TICKS_PER_SECOND = 100;

/** User + system CPU time a process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name can hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return ((userTicks + systemTicks) * 1_000_000) / TICKS_PER_SECOND;
}
