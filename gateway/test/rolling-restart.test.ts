import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { createTestIssuer, eventually, type RunningProcess, runServiceProcess, freePort } from '@agentdock/service-kit/testing';
import { createTestDatabase, type TestDatabase } from '@agentdock/service-data/testing';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

// Two replicas share one database, which PGlite (one process's own files) cannot offer: the drill
// runs on the PostgreSQL stage, as production would run replicas.
const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const catalogDir = join(__dirname, '..', '..', 'svc-catalog');
const PROBE_INTERVAL_MS = 200;
// Long enough for the gateway's probe to see the replica draining before it stops listening.
const DRAIN_DELAY_MS = 1_500;

async function ready(url: string): Promise<void> {
  // A cold start (tsx, migrations already applied) on a loaded 2-core machine.
  await eventually(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.ok, 90_000);
}

describeOnPostgres('rolling restart behind the gateway (two svc-catalog processes on PostgreSQL)', () => {
  let database: TestDatabase;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  const replicas: Array<{ port: number; run?: RunningProcess }> = [];
  let gateway: Server;

  const startReplica = (replica: { port: number; run?: RunningProcess }) => {
    replica.run = runServiceProcess(catalogDir, 'src/main.ts', [], {
      PORT: String(replica.port),
      HOST: '127.0.0.1',
      DATABASE_URL: (database.target as { url: string }).url,
      JWKS_URL: issuer.jwksUrl,
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      ADMIN_REQUIRE_MFA: 'false',
    });
    return ready(`http://127.0.0.1:${replica.port}`);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await createTestIssuer();
    for (let index = 0; index < 2; index += 1) replicas.push({ port: await freePort() });
    // One at a time: the first applies the migrations and seeds, the second finds them done.
    for (const replica of replicas) await startReplica(replica);
    const config = loadGatewayConfig({
      PORT: '0',
      CATALOG_URL: replicas.map((replica) => `http://127.0.0.1:${replica.port}`).join(','),
      JWKS_URL: issuer.jwksUrl,
      RATE_LIMIT_PER_MINUTE: '100000000',
      UPSTREAM_PROBE_INTERVAL_MS: String(PROBE_INTERVAL_MS),
    });
    gateway = await startHttpServer(createGateway(config, createLogger({ service: 'gateway-drill', level: 'silent' })), { port: 0, host: '127.0.0.1' });
  }, 200_000);

  afterAll(async () => {
    if (gateway) await closeHttpServer(gateway);
    for (const replica of replicas) replica.run?.child.kill('SIGKILL');
    await issuer?.close();
    await database?.drop();
  });

  it('restarts one replica under steady reads and writes: no request fails, no write is lost', async () => {
    const base = serverUrl(gateway);
    const admin = { authorization: `Bearer ${await issuer.issue({ sub: randomUUID(), email: 'admin@example.com', admin: true })}`, 'content-type': 'application/json' };
    const failures: string[] = [];
    const written: string[] = [];
    let reads = 0;
    let running = true;

    const client = async (worker: number) => {
      for (let round = 0; running; round += 1) {
        try {
          const read = await fetch(`${base}/api/catalog/plans`);
          await read.body?.cancel();
          if (read.ok) reads += 1;
          else failures.push(`read ${read.status}`);
          const key = `drill-${worker}-${round}-${randomUUID().slice(0, 8)}`;
          const write = await fetch(`${base}/api/catalog/admin/agents`, { method: 'POST', headers: admin, body: JSON.stringify({ key, name: `Drill ${key}` }) });
          if (write.status === 201) written.push(((await write.json()) as { id: string }).id);
          else failures.push(`write ${write.status}: ${await write.text()}`);
        } catch (error) {
          failures.push(`network: ${String(error)}`);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(client));

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const restarted = replicas[0]!;
    restarted.run!.child.kill('SIGTERM');
    expect(await restarted.run!.exited).toBe(0);
    await startReplica(restarted);
    // Let the gateway's probe bring it back into the rotation and send it some traffic.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await load;

    const listed = await fetch(`${base}/api/catalog/admin/agents`, { headers: admin });
    const ids = new Set(((await listed.json()) as { agents: Array<{ id: string }> }).agents.map((agent) => agent.id));
    const lost = written.filter((id) => !ids.has(id));
    // The drill's figures, for the closing note of a deploy change.
    console.log(`rolling restart: ${reads} reads, ${written.length} acknowledged writes, ${failures.length} failed requests, ${lost.length} lost writes`);
    expect(failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(written.length).toBeGreaterThan(0);
  }, 200_000);
});
