import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, runServiceProcess, freePort } from '@agentdock/service-kit/testing';

// The service as production runs it: its own process, configured only by its environment.
const serviceDir = join(__dirname, '..');

const runMain = (env: Record<string, string>) => runServiceProcess(serviceDir, 'src/main.ts', [], env);

describe('svc-catalog run alone', () => {
  it('refuses to start without a database setting and says what to set', async () => {
    const run = runMain({ JWKS_URL: 'http://127.0.0.1:9/jwks.json', PORT: 'not-a-port' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration for svc-catalog');
    expect(run.output()).toContain('PORT');
    expect(run.output()).toContain('DATABASE_URL');
  });

  it('serves plans from its own data directory and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-catalog-'));
    const port = await freePort();
    const run = runMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'db'), JWKS_URL: 'http://127.0.0.1:9/jwks.json' });
    try {
      // A cold PGlite start plus migrations and seeding takes 20–40 s on a loaded 2-core machine.
      const body = await eventually(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/api/catalog/plans`);
        return response.ok && ((await response.json()) as { plans: unknown[] });
      }, 90_000);
      expect(body.plans).toHaveLength(4);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
