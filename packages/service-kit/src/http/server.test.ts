import net from 'node:net';
import express from 'express';
import { expressServerClasses } from './express-classes';
import { eventually } from '../testing';
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

  it('serves an express app with requests born with its prototypes, so express has none to swap', async () => {
    const app = express();
    const seen: boolean[] = [];
    app.get('/who', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
      res.status(201).json({ ip: req.ip, host: req.get('host'), secure: req.secure });
    });
    const server = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${serverUrl(server)}/who`);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ ip: '127.0.0.1', host: new URL(serverUrl(server)).host, secure: false });
      expect(seen).toEqual([true, true]);
    } finally {
      await closeHttpServer(server);
    }
  });

  it('gives those classes no name, which tsx would redefine and so keep V8 from optimising their constructors', () => {
    const { IncomingMessage, ServerResponse } = expressServerClasses(express());
    expect([IncomingMessage?.name, ServerResponse?.name]).toEqual(['', '']);
  });

  it('rejects with a message naming a port that is taken', async () => {
    const first = await startHttpServer(express(), { port: 0, host: '127.0.0.1' });
    const port = Number(new URL(serverUrl(first)).port);
    try {
      await expect(startHttpServer(express(), { port, host: '127.0.0.1' })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use.`);
    } finally {
      await closeHttpServer(first);
    }
  });

  it("announces 65 s of keep-alive instead of Node's 5, and closes an idle connection after idleKeepAliveMs, not after the request timeout", async () => {
    const app = express().get('/ping', (_req, res) => {
      res.send('pong');
    });
    const announced = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
    const short = await startHttpServer(app, { port: 0, host: '127.0.0.1', requestTimeoutMs: 300, idleKeepAliveMs: 1_200 });
    try {
      expect((await fetch(`${serverUrl(announced)}/ping`)).headers.get('keep-alive')).toBe('timeout=65');
      const socket = net.connect(Number(new URL(serverUrl(short)).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
      const ask = async () => {
        const before = received.length;
        socket.write('GET /ping HTTP/1.1\r\nHost: x\r\n\r\n');
        await eventually(async () => received.slice(before).endsWith('pong'));
      };
      await ask();
      // Idle for longer than the request timeout: a kept connection's idle time is not a slow request.
      await new Promise((resolve) => setTimeout(resolve, 700));
      await ask();
      const idleFrom = Date.now();
      expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
      expect((await closed) - idleFrom).toBeGreaterThanOrEqual(1_100);
    } finally {
      await Promise.all([closeHttpServer(announced), closeHttpServer(short)]);
    }
  });

  it('answers 408 to a request that declares a body and never sends it, instead of holding the connection', async () => {
    const app = express().use(express.json(), (_req, res) => {
      res.send('read');
    });
    const server = await startHttpServer(app, { port: 0, host: '127.0.0.1', requestTimeoutMs: 500 });
    try {
      const { port } = new URL(serverUrl(server));
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write('POST /things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
        });
        let received = '';
        socket.on('data', (chunk) => (received += String(chunk)));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await closeHttpServer(server);
    }
  });
});
