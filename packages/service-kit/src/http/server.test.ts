import express from 'express';
import { closeHttpServer, serverUrl, startHttpServer } from './server';

describe('startHttpServer', () => {
  it('binds port 0 to a free port and reports its URL', async () => {
    const app = express().get('/ping', (_req, res) => {
      res.send('pong');
    });
    const server = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
    try {
      expect(serverUrl(server)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${serverUrl(server)}/ping`);
      expect(await res.text()).toBe('pong');
    } finally {
      await closeHttpServer(server);
    }
  });

  it('rejects with a message naming a port that is taken', async () => {
    const first = await startHttpServer(express(), { port: 0, host: '127.0.0.1' });
    const port = Number(new URL(serverUrl(first)).port);
    try {
      await expect(startHttpServer(express(), { port, host: '127.0.0.1' })).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use.`,
      );
    } finally {
      await closeHttpServer(first);
    }
  });
});
