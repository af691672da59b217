// The page-URL flood of the rendering bench, in a process of its own: its clients' work must not
// delay the /api requests timed in the bench's process, or the figure would measure the client.
// Floods BENCH_FLOOD_BASE with distinct /?x=N URLs for BENCH_FLOOD_SECONDS, then prints one JSON line.
const base = process.env.BENCH_FLOOD_BASE ?? '';
const seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const clients = Number(process.env.BENCH_FLOOD_CLIENTS ?? 8);

async function main(): Promise<void> {
  const until = performance.now() + seconds * 1000;
  let sent = 0;
  const statuses: Record<string, number> = {};
  const client = async () => {
    while (performance.now() < until) {
      const response = await fetch(`${base}/?x=${(sent += 1)}`).catch(() => undefined);
      await response?.arrayBuffer();
      const status = String(response?.status ?? 'failed');
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  console.log(JSON.stringify({ sent, statuses }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
