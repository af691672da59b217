import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { runServiceProcess } from '@agentdock/service-kit/testing';
import { schema, users } from '../src/db/schema';

// svc-identity as production runs it, and its make-admin command: processes configured by env.
const serviceDir = join(__dirname, '..');
const migrationsFolder = join(serviceDir, 'migrations');

const run = (script: string, args: string[], env: Record<string, string>) => runServiceProcess(serviceDir, script, args, env);

describe('svc-identity run alone', () => {
  it('refuses the local mailbox in production, naming each bad variable', async () => {
    const started = run('src/main.ts', [], {
      NODE_ENV: 'production',
      MAILBOX_ENABLED: 'true',
      AUTH_RATE_LIMITS: 'signup.everyone=5',
      MFA_ENCRYPTION_KEY: 'too-short',
      DATA_DIR: '/tmp/never-opened',
      JWKS_URL: 'http://127.0.0.1:9/jwks.json',
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('Invalid configuration for svc-identity');
    expect(started.output()).toContain('MAILBOX_ENABLED: the local mailbox is for development only');
    expect(started.output()).toContain('AUTH_RATE_LIMITS');
    expect(started.output()).toContain('MFA_ENCRYPTION_KEY');
  });
});

describe('make-admin command', () => {
  it('makes an existing account an admin on the embedded database, and says when there is none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'svc-identity-admin-'));
    const dataDir = join(folder, 'db');
    try {
      const seeded = await openDatabase({ target: { dataDir }, schema, migrationsFolder });
      await seeded.db.insert(users).values({ email: 'Boss@Example.com', passwordHash: 'x' });
      await seeded.close();

      const granted = run('src/cli/make-admin.ts', ['boss@example.com'], { DATA_DIR: dataDir });
      expect(await granted.exited).toBe(0);
      expect(granted.output()).toContain('boss@example.com is now an admin');

      const missing = run('src/cli/make-admin.ts', ['nobody@example.com'], { DATA_DIR: dataDir });
      expect(await missing.exited).toBe(1);
      expect(missing.output()).toContain('No account uses nobody@example.com');

      const usage = run('src/cli/make-admin.ts', [], { DATA_DIR: dataDir });
      expect(await usage.exited).toBe(1);
      expect(usage.output()).toContain('Usage: npm run make-admin');

      const reopened = await openDatabase({ target: { dataDir }, schema, migrationsFolder });
      // While this process holds the database (as `npm start` would), the command is refused.
      const busy = run('src/cli/make-admin.ts', ['boss@example.com'], { DATA_DIR: dataDir });
      expect(await busy.exited).toBe(1);
      expect(busy.output()).toContain(`is open in process ${process.pid}`);
      const [row] = await reopened.db.select().from(users).where(eq(users.passwordHash, 'x'));
      await reopened.close();
      expect(row?.isAdmin).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    // Three cold PGlite opens and two child processes: 20–40 s each on a loaded 2-core machine.
  }, 180_000);
});
