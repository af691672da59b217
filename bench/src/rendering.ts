// The server-rendering part of `npm run bench` (BENCH_PARTS=rendering), against the platform the
// page figures start: the CPU one server render of each public page costs (the shell's own
// renderer in a production-mode process, remotes loaded from the platform's static servers, data
// through its gateway), uncached and from the render cache (render-cpu.ts); then /api latency
// while another process floods the gateway with distinct page URLs (/?x=N, page-flood.ts),
// against the same figure without the flood.
import { firstLine, startProcess } from './processes';
import { measureAtRate } from './fixed-rate';

const API_RATE = 50;
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const FLOOD_CLIENTS = 8;
const TSX = ['--import', 'tsx'];

export interface RenderingTargets {
  /** The gateway, as the browser reaches it. */
  base: string;
  marketingManifest: string;
  accountManifest: string;
}

function exited(started: ReturnType<typeof startProcess>): Promise<number | null> {
  return new Promise((resolve) => {
    if (started.child.exitCode !== null) resolve(started.child.exitCode);
    else started.child.once('exit', resolve);
  });
}

export async function benchRendering(targets: RenderingTargets, routes: readonly string[]): Promise<void> {
  const renderCpu = startProcess(
    'render-cpu',
    [...TSX, 'bench/src/render-cpu.ts'],
    {
      NODE_ENV: 'production',
      BENCH_RENDER_TARGETS: JSON.stringify(targets),
      BENCH_RENDER_ROUTES: JSON.stringify(routes),
    },
    { inheritStdout: true },
  );
  const code = await exited(renderCpu);
  if (code !== 0) console.log(`  (the render CPU process exited with code ${code})`);

  const api = `${targets.base}/api/catalog/plans`;
  const quiet = await measureAtRate(api, API_RATE, FLOOD_SECONDS);
  const flood = startProcess(
    'page-flood',
    [...TSX, 'bench/src/page-flood.ts'],
    {
      BENCH_FLOOD_BASE: targets.base,
      BENCH_FLOOD_SECONDS: String(FLOOD_SECONDS),
      BENCH_FLOOD_CLIENTS: String(FLOOD_CLIENTS),
    },
    { readStdout: true },
  );
  const summary = firstLine(flood);
  const flooded = await measureAtRate(api, API_RATE, FLOOD_SECONDS);
  const { sent, statuses } = JSON.parse(await summary) as { sent: number; statuses: Record<string, number> };
  const answered = Object.entries(statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
  console.log(`\n/api during a page-URL flood (GET /api/catalog/plans at ${API_RATE}/s for ${FLOOD_SECONDS} s; goal: p99 ≤ 50 ms)`);
  console.log(`  without flood: p50 ${quiet.p50Ms.toFixed(1)} ms, p99 ${quiet.p99Ms.toFixed(1)} ms, ${quiet.failures} failed`);
  console.log(`  with flood:    p50 ${flooded.p50Ms.toFixed(1)} ms, p99 ${flooded.p99Ms.toFixed(1)} ms, ${flooded.failures} failed`);
  console.log(`  flood: ${sent} distinct /?x=N requests from ${FLOOD_CLIENTS} clients on one IP (another process), answered ${answered}`);
}
