// The public API part of `npm run bench` (BENCH_PARTS=public-api): what `/v1/chat/completions`
// through the gateway and svc-chat adds over calling the agent provider directly, at a fixed
// 1,000 requests/s of short non-streaming completions, then one at a time, then at 500/s for 30 s
// (BENCH_PUBLIC_API_SUSTAINED_RATE, _SECONDS) after the first seconds at that rate, which follow a
// lull and are printed apart (V8 throws away optimised code whose objects a collection in the lull
// freed, and compiles it again under the burst). Three processes as in production: the demo
// provider (public-api-provider.ts), gateway + svc-chat (public-api-platform.ts, as `npm start`
// runs them), and this one as the client. The two targets are measured in turns, in rotating
// order, so that other load on the machine falls on both alike; figures are printed, never asserted.
// Beside the platform's CPU per request, its rows print PostgreSQL's (when it runs on this machine)
// and how many of the machine's cores were busy: where they are all busy, latency is the queue for
// a core, not what the path adds.
//
// Bounded: a run sends for SECONDS, then waits at most GRACE_SECONDS for the answers still due
// (what is unanswered by then counts as slower than that), and the next run starts once the
// platform answers promptly again (at most DRAIN_SECONDS). A path that cannot keep up with the
// rate shows as unanswered requests and seconds of latency rather than a bench that never ends.
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { percentile, scheduleAtRate } from './fixed-rate';
import { describeMachine, machineReference } from './machine-reference';
import type { PublicApiPlatform } from './public-api-platform';
import { firstLine, startProcess, stopAll, type Started } from './processes';
import { busyCores, commandCpuMicros, cpuMicros, machineCpu } from './throughput';

// BENCH_PUBLIC_API_RATE: requests/s of the paced runs (1,000 by default); below the path's limit it shows the cost without a queue.
const RATE = Math.min(Number(process.env.BENCH_PUBLIC_API_RATE ?? 1_000), 5_000);
const SECONDS = Math.min(Number(process.env.BENCH_PUBLIC_API_SECONDS ?? 10), 60);
const ROUNDS = Math.min(Number(process.env.BENCH_PUBLIC_API_ROUNDS ?? 2), 5);
// V8 compiles the hot paths under load first (see gateway.ts); the rounds start after this much of each.
const SETTLE_SECONDS = Math.min(Number(process.env.BENCH_PUBLIC_API_SETTLE_SECONDS ?? 5), 30);
const GRACE_SECONDS = 5;
const DRAIN_SECONDS = 60;
// The window over which the platform process must be nearly idle before a run counts as drained.
const IDLE_WINDOW_MS = 500;
// The sustained pass after the serial one: a rate a deployment on this machine is meant to hold, for longer.
const SUSTAINED_RATE = Math.min(Number(process.env.BENCH_PUBLIC_API_SUSTAINED_RATE ?? 500), 5_000);
const SUSTAINED_SECONDS = Math.min(Number(process.env.BENCH_PUBLIC_API_SUSTAINED_SECONDS ?? 30), 120);
// Requests sent one at a time to each target after the rounds: the path's own latency, without queueing.
const SERIAL_REQUESTS = 300;
// A short completion: the demo provider stops at max_tokens as a model does.
const MAX_TOKENS = 16;
const MESSAGE = 'Prepare my board meeting';

const LABELS = ['provider directly', 'gateway + svc-chat'] as const;
type Label = (typeof LABELS)[number];

interface Target {
  url: URL;
  /** The request body and headers, per request (the API keys are used in turn). */
  request(index: number): { body: string; headers: Record<string, string> };
}

interface RunResult {
  sent: number;
  answered: number;
  failed: number;
  /** Still unanswered GRACE_SECONDS after the last request was sent. */
  unanswered: number;
  /** Infinity where the percentile falls among the unanswered. */
  p50Ms: number;
  p99Ms: number;
}

/** What a run cost, per request sent: gateway + svc-chat's CPU, PostgreSQL's (when it runs on this machine), and how busy the machine was. */
interface Costs {
  cpu: number;
  databaseCpu?: number;
  /** The machine's cores busy on average while the run sent and waited for its answers. */
  cores: number;
}

/** POSTs once; true when the answer was 200 and its body was read to the end. */
function postOnce(agent: http.Agent, target: Target, index: number): Promise<boolean> {
  const { body, headers } = target.request(index);
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        method: 'POST',
        host: target.url.hostname,
        port: target.url.port,
        path: target.url.pathname,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs short completions at a steady `perSecond` for `seconds` (scheduleAtRate); requests still
 * open GRACE_SECONDS after the last one started count as unanswered.
 */
async function postAtRate(target: Target, perSecond: number, seconds: number, client?: http.Agent): Promise<RunResult> {
  const agent = client ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  const run = await scheduleAtRate(perSecond, seconds, (index) => postOnce(agent, target, index));
  const { total, latencies } = run;
  await Promise.race([run.settled, sleep(GRACE_SECONDS * 1000)]);
  const failed = run.failures();
  const answered = latencies.length;
  const unanswered = total - answered - failed;
  // Closing the connections ends the requests still open (the gateway then aborts them upstream).
  if (!client || unanswered > 0) agent.destroy();
  const all = [...latencies, ...Array<number>(unanswered).fill(Number.POSITIVE_INFINITY)].sort((a, b) => a - b);
  return { sent: total, answered, failed, unanswered, p50Ms: percentile(all, 50), p99Ms: percentile(all, 99) };
}

/** `count` requests one after another: the latency of the path itself. */
async function postSerially(target: Target, count: number): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failed = 0;
  for (let index = 0; index < count; index += 1) {
    const begun = performance.now();
    if (await postOnce(agent, target, index)) latencies.push(performance.now() - begun);
    else failed += 1;
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { sent: count, answered: latencies.length, failed, unanswered: 0, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

/**
 * Waits until what a run left queued is done, at most DRAIN_SECONDS: the process behind the target
 * (when it is ours to watch) spends under a tenth of a core over half a second, and then the
 * target answers five requests in a row within 50 ms each. A single prompt answer is not enough:
 * requests the client gave up on can still be working through the database pool behind it.
 */
async function drained(target: Target, pid?: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const until = performance.now() + DRAIN_SECONDS * 1000;
  try {
    while (performance.now() < until) {
      if (pid !== undefined) {
        const before = cpuMicros(pid);
        await sleep(IDLE_WINDOW_MS);
        if (cpuMicros(pid) - before > IDLE_WINDOW_MS * 100) continue;
      }
      let prompt = 0;
      for (; prompt < 5; prompt += 1) {
        const begun = performance.now();
        if (!(await postOnce(agent, target, prompt)) || performance.now() - begun >= 50) break;
      }
      if (prompt === 5) return;
      await sleep(200);
    }
  } finally {
    agent.destroy();
  }
}

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2).padStart(8)} ms` : `> ${SECONDS + GRACE_SECONDS} s`.padStart(11));
const outcome = (run: RunResult) =>
  `answered ${String(run.answered).padStart(5)}/${run.sent}${run.failed ? `, failed ${run.failed}` : ''}${run.unanswered ? `, unanswered ${run.unanswered}` : ''}`;

export async function benchPublicApi(): Promise<void> {
  const started: Started[] = [];
  try {
    const providerProcess = startProcess('demo provider', ['--import', 'tsx', 'bench/src/public-api-provider.ts'], {}, { readStdout: true });
    started.push(providerProcess);
    const { url: providerUrl } = JSON.parse(await firstLine(providerProcess)) as { url: string };
    // svc-chat on PostgreSQL, as deployed (BENCH_DATABASE_URL, as for the debits figure), or on
    // PGlite, the embedded default, with BENCH_PUBLIC_API_DATABASE=pglite.
    const databaseUrl = process.env.BENCH_PUBLIC_API_DATABASE ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const platformEnv = { TEST_DATABASE_URL: databaseUrl === 'pglite' ? '' : databaseUrl };
    // BENCH_PUBLIC_API_CPU_PROF=<dir>: a V8 CPU profile of gateway + svc-chat, written there when the bench stops it.
    const profile = process.env.BENCH_PUBLIC_API_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PUBLIC_API_CPU_PROF] : [];
    const platformProcess = startProcess('gateway + svc-chat', [...profile, '--import', 'tsx', 'bench/src/public-api-platform.ts', providerUrl], platformEnv, {
      readStdout: true,
    });
    started.push(platformProcess);
    const platform = JSON.parse(await firstLine(platformProcess)) as PublicApiPlatform;

    // What svc-chat sends the provider for this request (the agent's persona, then the message), sent straight to it.
    const direct = JSON.stringify({
      model: 'agentdock-demo',
      max_tokens: MAX_TOKENS,
      messages: [
        { role: 'system', content: 'You are Meeting Prep. Prepares meetings.' },
        { role: 'user', content: MESSAGE },
      ],
    });
    const viaPlatform = JSON.stringify({ model: platform.model, max_tokens: MAX_TOKENS, messages: [{ role: 'user', content: MESSAGE }] });
    const targets: Record<Label, Target> = {
      'provider directly': { url: new URL(`${providerUrl}/chat/completions`), request: () => ({ body: direct, headers: {} }) },
      'gateway + svc-chat': {
        url: new URL(`${platform.v1Url}/chat/completions`),
        request: (index) => ({ body: viaPlatform, headers: { authorization: `Bearer ${platform.secrets[index % platform.secrets.length]}` } }),
      },
    };
    const platformPid = platformProcess.child.pid!;
    // PostgreSQL's own CPU is read off its processes when it runs on this machine, as the bench's
    // default database does: on 2 cores it competes with the platform, and with the client and the
    // provider, so how busy the machine was says whether a run's latency was the path or the queue.
    const databaseHost = platform.database === 'PostgreSQL' ? new URL(databaseUrl).hostname : null;
    const databaseHere = databaseHost !== null && ['', '127.0.0.1', 'localhost', '[::1]'].includes(databaseHost);
    const postgresCpuMicros = () => (databaseHere ? commandCpuMicros('postgres') : 0);
    /** Runs `work` (`sent` requests) and reads what it cost: the platform's and PostgreSQL's CPU per request, and the machine's busy cores. */
    const costed = async <T extends RunResult>(work: () => Promise<T>, settle?: () => Promise<void>): Promise<T & Costs> => {
      const cpuBefore = cpuMicros(platformPid);
      const databaseBefore = postgresCpuMicros();
      const machineBefore = machineCpu();
      const run = await work();
      const cores = busyCores(machineBefore, machineCpu());
      // Until what the run left queued is done: that work is the run's too.
      await settle?.();
      return {
        ...run,
        cpu: (cpuMicros(platformPid) - cpuBefore) / run.sent,
        ...(databaseHere && { databaseCpu: (postgresCpuMicros() - databaseBefore) / run.sent }),
        cores,
      };
    };
    /** One run at the fixed rate, with what it cost. */
    const paced = (label: Label, seconds: number) =>
      costed(
        () => postAtRate(targets[label], RATE, seconds),
        () => drained(targets[label], label === 'gateway + svc-chat' ? platformPid : undefined),
      );
    const costs = (run: Partial<Costs>) =>
      run.cpu === undefined
        ? ''
        : `   gateway+chat CPU ${run.cpu.toFixed(0)} µs/req${run.databaseCpu === undefined ? '' : `, PostgreSQL ${run.databaseCpu.toFixed(0)} µs/req`}, machine ${run.cores!.toFixed(1)} of ${availableParallelism()} cores busy`;
    const row = (prefix: string, label: Label, run: RunResult & Partial<Costs>) =>
      `  ${prefix.padEnd(9)} ${label.padEnd(20)} p50 ${ms(run.p50Ms)}   p99 ${ms(run.p99Ms)}   ${outcome(run)}${label === 'gateway + svc-chat' ? costs(run) : ''}`;

    console.log(
      `\nPublic API — POST /v1/chat/completions, non-streaming, max_tokens ${MAX_TOKENS}, at a fixed ${RATE} requests/s for ${SECONDS} s per run, ${ROUNDS} rounds in rotating order ` +
        `after ${SETTLE_SECONDS} s of settling on each (svc-chat on ${platform.database}, ${platform.secrets.length} keys, request logs off; goals: ≤ 1.2 ms of CPU per completion; one at a time ≤ 2 ms p50 and ≤ 5 ms p99 added; at ${SUSTAINED_RATE}/s for ${SUSTAINED_SECONDS} s every request answered, p99 ≤ 25 ms added)`,
    );
    console.log(describeMachine(await machineReference(databaseHere ? databaseUrl : null)));
    for (const label of LABELS) console.log(row('settling', label, await paced(label, SETTLE_SECONDS)));
    const runs = Object.fromEntries(LABELS.map((label) => [label, [] as Array<RunResult & Costs>])) as Record<Label, Array<RunResult & Costs>>;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const label of round % 2 === 0 ? LABELS : [...LABELS].reverse()) {
        const run = await paced(label, SECONDS);
        runs[label].push(run);
        console.log(row(`round ${round + 1}`, label, run));
      }
    }
    // Per round, then the median: each round's two runs saw the same machine.
    const added = (key: 'p50Ms' | 'p99Ms') => median(runs['gateway + svc-chat'].map((run, round) => run[key] - runs['provider directly'][round]![key]));
    const cpu = median(runs['gateway + svc-chat'].map((run) => run.cpu));
    console.log(`  at ${RATE}/s, added by gateway + svc-chat: p50 ${ms(added('p50Ms')).trim()}, p99 ${ms(added('p99Ms')).trim()} (medians over the rounds)`);
    console.log(`  gateway + svc-chat CPU: ${cpu.toFixed(0)} µs per request (one process, as npm start runs them; the database's own CPU not counted)`);
    if (databaseHere) {
      const database = median(runs['gateway + svc-chat'].map((run) => run.databaseCpu!));
      console.log(`  PostgreSQL CPU: ${database.toFixed(0)} µs per request (its processes on this machine)`);
    }
    if (cpu > 1_000_000 / RATE) {
      console.log(`    → one core keeps up with about ${Math.floor(1_000_000 / cpu)} requests/s at that cost: ${RATE}/s queues, and the latency above is mostly the queue`);
    }

    // Only once the last overloaded run has drained: its queue would otherwise be timed as the path's latency.
    for (const label of LABELS) await drained(targets[label], label === 'gateway + svc-chat' ? platformPid : undefined);
    const serial = {} as Record<Label, RunResult>;
    for (const label of LABELS) serial[label] = await postSerially(targets[label], SERIAL_REQUESTS);
    console.log(`\n  one request at a time (${SERIAL_REQUESTS} each, no queueing):`);
    for (const label of LABELS) console.log(row('serial', label, serial[label]));
    const serialAdded = (key: 'p50Ms' | 'p99Ms') => serial['gateway + svc-chat'][key] - serial['provider directly'][key];
    console.log(`  one at a time, added by gateway + svc-chat: p50 ${ms(serialAdded('p50Ms')).trim()}, p99 ${ms(serialAdded('p99Ms')).trim()}`);

    // The same rate for both, provider first: what the path adds when it is not overloaded, held
    // for longer, by one client that keeps its connections. The target has been idle for 30 s or
    // more by then (the other's pass): its first seconds are printed apart, as a burst after a lull,
    // and the measured pass follows them without a pause, as steady traffic does.
    console.log(`\n  at ${SUSTAINED_RATE}/s for ${SUSTAINED_SECONDS} s, after ${SETTLE_SECONDS} s at that rate following a lull:`);
    const sustained = {} as Record<Label, RunResult & Partial<Costs>>;
    for (const label of LABELS) {
      await drained(targets[label], label === 'gateway + svc-chat' ? platformPid : undefined);
      const client = new http.Agent({ keepAlive: true, maxSockets: 256 });
      try {
        console.log(row('after lull', label, await postAtRate(targets[label], SUSTAINED_RATE, SETTLE_SECONDS, client)));
        sustained[label] = await costed(() => postAtRate(targets[label], SUSTAINED_RATE, SUSTAINED_SECONDS, client));
        console.log(row('sustained', label, sustained[label]));
      } finally {
        client.destroy();
      }
    }
    const sustainedAdded = sustained['gateway + svc-chat'].p99Ms - sustained['provider directly'].p99Ms;
    console.log(
      `  at ${SUSTAINED_RATE}/s, added by gateway + svc-chat: p99 ${ms(sustainedAdded).trim()}, ${sustained['gateway + svc-chat'].answered}/${sustained['gateway + svc-chat'].sent} answered`,
    );
  } finally {
    await stopAll(started);
  }
}
