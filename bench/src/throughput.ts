import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
  return statCpuMicros(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

function statCpuMicros(stat: string): number {
  // The command name can hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return ((userTicks + systemTicks) * 1_000_000) / TICKS_PER_SECOND;
}

/**
 * User + system CPU time of every running process whose command is `command` (e.g. `postgres`:
 * PostgreSQL runs each connection's backend, its WAL writer and its checkpointer as processes of
 * their own), in microseconds. A process that ends between two readings takes its time with it:
 * readings around work on pooled connections, whose backends stay, count it all.
 */
export function commandCpuMicros(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // it ended meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== command) continue;
    total += statCpuMicros(stat);
  }
  return total;
}

/** The whole machine's CPU time so far, busy and in all, in clock ticks. */
export interface MachineCpu {
  busy: number;
  total: number;
}

/** The machine's CPU time so far (Linux /proc/stat). */
export function machineCpu(): MachineCpu {
  // The first line sums every core: user nice system idle iowait irq softirq steal (guest time is in user already).
  const [all = ''] = readFileSync('/proc/stat', 'utf8').split('\n', 1);
  const ticks = all.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** How many of the machine's cores were busy on average between two readings. */
export function busyCores(before: MachineCpu, after: MachineCpu): number {
  const total = after.total - before.total;
  return total > 0 ? ((after.busy - before.busy) / total) * availableParallelism() : 0;
}
