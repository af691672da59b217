import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { startDemoProvider } from '@agentdock/local-agent-provider';
import { startLocalStripe } from '@agentdock/local-stripe';
import { startHttpServer } from '@agentdock/service-kit';
import { type LauncherConfig, loadLauncherConfig } from './config';
import { onConfiguredPort } from './ports';

/** A port some other process already listens on. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return { port: address.port, server };
}

const startStripe = (port: number) =>
  startLocalStripe({ port, host: '127.0.0.1', secretKey: 'sk_test_ports', webhookSecret: 'whsec_ports', webhookUrl: 'http://127.0.0.1:9/webhook', cancelUnpaidAfterDays: 7 });
const startProvider = (port: number) => startDemoProvider({ port, host: '127.0.0.1' });

describe('launcher ports', () => {
  let taken: { port: number; server: Server };
  let config: LauncherConfig;
  beforeAll(async () => {
    taken = await takenPort();
    const port = String(taken.port);
    config = loadLauncherConfig({ STRIPE_LOCAL_PORT: port, AGENT_PROVIDER_PORT: port, CHAT_PORT: port, SHELL_PORT: port });
  });
  afterAll(() => new Promise<void>((resolve) => taken.server.close(() => resolve())));

  it.each([
    ['STRIPE_LOCAL_PORT', startStripe],
    ['AGENT_PROVIDER_PORT', startProvider],
  ] as const)('a taken %s ends the start naming the variable to change', async (variable, start) => {
    await expect(onConfiguredPort(config, variable, start)).rejects.toThrow(`Port ${taken.port} is already in use. Stop the process using it, or set ${variable} to another port.`);
  });

  it('names the variable of a front end or service port too', async () => {
    await expect(onConfiguredPort(config, 'SHELL_PORT', (port) => startHttpServer(() => undefined, { port, host: '127.0.0.1' }))).rejects.toThrow(/set SHELL_PORT to another port/);
  });

  it('starts the stand-ins on the configured port when it is free', async () => {
    const free = await takenPort();
    await new Promise<void>((resolve) => free.server.close(() => resolve()));
    const freeConfig = loadLauncherConfig({ AGENT_PROVIDER_PORT: String(free.port) });
    const demo = await onConfiguredPort(freeConfig, 'AGENT_PROVIDER_PORT', startProvider);
    try {
      expect(demo.url).toBe(`http://127.0.0.1:${free.port}/v1`);
      const response = await fetch(`${demo.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'agentdock-demo', messages: [{ role: 'user', content: 'hello' }] }),
      });
      expect(response.status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('passes any other failure on unchanged', async () => {
    const failure = new Error('the database folder is locked');
    await expect(onConfiguredPort(config, 'CHAT_PORT', () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
