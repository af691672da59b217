import { runServiceProcess } from '@agentdock/service-kit/testing';
import { join } from 'node:path';

// The service as production runs it: its own process, configured only by its environment.
const runMain = (env: Record<string, string>) => runServiceProcess(join(__dirname, '..'), 'src/main.ts', [], env);

describe('svc-chat run alone', () => {
  it('refuses the default demo provider without DEMO_AGENT_PROVIDER_URL, naming it, before opening a database', async () => {
    const run = runMain({ JWKS_URL: 'http://127.0.0.1:9/jwks.json', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration for svc-chat');
    expect(run.output()).toContain('DEMO_AGENT_PROVIDER_URL');
  });
});
