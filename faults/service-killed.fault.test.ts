import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { closeHttpServer, startHttpServer } from '@agentdock/service-kit';
import { testLogger } from '@agentdock/service-kit/testing';
import { createGateway, loadGatewayConfig } from '../gateway/src/index';
import { freePort, stopProcess, waitForPort } from './support/processes';

// A service process killed while the gateway waits on it: the gateway must answer at once with
// 503 naming the service (not hold the caller until its upstream timeout), and serve again once the
// service is back.

const SERVICE = fileURLToPath(new URL('./support/hanging-service.mjs', import.meta.url));
const startService = async (port: number) => {
  const child = spawn(process.execPath, [SERVICE, String(port)], { stdio: 'ignore' });
  await waitForPort(port);
  return child;
};

describe('a service killed mid-request', () => {
  let gateway: Server;
  let gatewayUrl: string;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const config = loadGatewayConfig({ CATALOG_URL: `http://127.0.0.1:${port}`, JWKS_URL: 'http://127.0.0.1:9/jwks', UPSTREAM_TIMEOUT_MS: '30000' });
    gateway = await startHttpServer(createGateway(config, testLogger()), { port: 0, host: '127.0.0.1' });
    const address = gateway.address();
    gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => closeHttpServer(gateway));

  it('answers 503 quickly, and the next request succeeds once the service is back', async () => {
    let service = await startService(port);
    expect((await fetch(`${gatewayUrl}/api/catalog/plans`)).status).toBe(200);

    const started = Date.now();
    const pending = fetch(`${gatewayUrl}/api/catalog/hang`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopProcess(service, 'SIGKILL');
    const killed = await pending;
    const answeredInMs = Date.now() - started - 300;
    expect(killed.status).toBe(503);
    expect(((await killed.json()) as { error: { code: string } }).error.code).toBe('upstream_unavailable');
    expect(answeredInMs).toBeLessThan(2_000);

    const whileDown = Date.now();
    expect((await fetch(`${gatewayUrl}/api/catalog/plans`)).status).toBe(503);
    const downInMs = Date.now() - whileDown;
    expect(downInMs).toBeLessThan(2_000);

    service = await startService(port);
    try {
      expect((await fetch(`${gatewayUrl}/api/catalog/plans`)).status).toBe(200);
    } finally {
      await stopProcess(service);
    }
    console.info(`service killed: in-flight request answered ${killed.status} after ${answeredInMs} ms, ${downInMs} ms while down, 200 once back`);
  });
});
