import http from 'node:http';
import express from 'express';
import { createLogger } from './logger';
import { closeHttpServer, serverUrl, startHttpServer } from './http/server';
import { installShutdown } from './shutdown';

const logger = createLogger({ service: 'test' });

async function slowServer(delayMs: number, onArrival: () => void = () => undefined): Promise<http.Server> {
  const app = express().get('/slow', async (_req, res) => {
    onArrival();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.send('done');
  });
  return startHttpServer(app, { port: 0, host: '127.0.0.1' });
}

function exitRecorder() {
  let resolveExit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });
  const codes: number[] = [];
  return {
    codes,
    exited,
    exit: (code: number) => {
      codes.push(code);
      resolveExit(code);
    },
  };
}

describe('installShutdown', () => {
  it('finishes in-flight requests, refuses new ones, then runs closers in order and exits 0', async () => {
    let arrived = () => undefined as void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const server = await slowServer(300, () => arrived());
    const url = serverUrl(server);
    const steps: string[] = [];
    const recorder = exitRecorder();
    const shutdown = installShutdown({
      logger,
      servers: [server],
      closers: [async () => void steps.push('bus'), async () => void steps.push('database')],
      signals: [],
      exit: recorder.exit,
    });

    const inFlight = fetch(`${url}/slow`);
    // Under way in the server, not merely sent: on a loaded machine 50 ms was not always enough.
    await arrival;
    const done = shutdown('test');
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    expect(await (await inFlight).text()).toBe('done');
    await done;
    expect(steps).toEqual(['bus', 'database']);
    expect(recorder.codes).toEqual([0]);
  });

  it('runs every closer even when one fails, and exits 1', async () => {
    const steps: string[] = [];
    const recorder = exitRecorder();
    const shutdown = installShutdown({
      logger,
      closers: [
        async () => {
          throw new Error('bus refused to close');
        },
        async () => void steps.push('database'),
      ],
      signals: [],
      exit: recorder.exit,
    });
    await shutdown('test');
    expect(steps).toEqual(['database']);
    expect(recorder.codes).toEqual([1]);
  });

  it('forces exit 1 when draining outlasts the timeout', async () => {
    const server = await slowServer(1_000);
    const recorder = exitRecorder();
    const shutdown = installShutdown({ logger, servers: [server], signals: [], timeoutMs: 100, exit: recorder.exit });
    const request = fetch(`${serverUrl(server)}/slow`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    void shutdown('test');
    expect(await recorder.exited).toBe(1);
    await closeHttpServer(server).catch(() => undefined);
    await request;
  });

  it('starts on a signal and forces exit 1 on the second', async () => {
    const server = await slowServer(1_000);
    const recorder = exitRecorder();
    const before = process.listeners('SIGUSR2');
    installShutdown({ logger, servers: [server], signals: ['SIGUSR2'], exit: recorder.exit });
    const request = fetch(`${serverUrl(server)}/slow`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      process.emit('SIGUSR2', 'SIGUSR2');
      expect(recorder.codes).toEqual([]);
      process.emit('SIGUSR2', 'SIGUSR2');
      expect(recorder.codes).toEqual([1]);
    } finally {
      for (const listener of process.listeners('SIGUSR2')) if (!before.includes(listener)) process.off('SIGUSR2', listener);
      await closeHttpServer(server).catch(() => undefined);
      await request;
    }
  });
});
