import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { eventually } from '../testing';
import { requestId } from './request-id';
import { requestLog } from './request-logger';
import { observeRequests } from './request-telemetry';

function appLoggingTo(level: pino.Level) {
  const lines: Array<Record<string, unknown>> = [];
  const reached = { value: false };
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) });
  const app = express()
    .use(requestId(), observeRequests(requestLog(pino({ level }, sink))))
    .get('/healthz', (_req, res) => void res.send('up'))
    .get('/missing', (_req, res) => void res.status(404).send('no'))
    .get('/never', () => void (reached.value = true))
    .use(
      '/things',
      express.Router().get('/:id', (_req, res) => void res.send('thing')),
    );
  return { app, lines, reached };
}

describe('request logger', () => {
  it('writes one line per request with its id, method, the URL the client asked for and the status', async () => {
    const { app, lines } = appLoggingTo('info');
    await request(app).get('/things/42?sort=desc').set('x-request-id', 'req-1').set('authorization', 'Bearer secret').expect(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, reqId: 'req-1', req: { method: 'GET', url: '/things/42?sort=desc' }, res: { statusCode: 200 }, msg: 'request completed' });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs client errors as warnings and leaves probes out', async () => {
    const { app, lines } = appLoggingTo('info');
    await request(app).get('/healthz').expect(200);
    await request(app).get('/missing').expect(404);
    expect(lines.map((line) => [line.level, (line.req as { url: string }).url])).toEqual([[40, '/missing']]);
  });

  it('logs nothing below the configured level', async () => {
    const { app, lines } = appLoggingTo('warn');
    await request(app).get('/things/1').expect(200);
    await request(app).get('/missing').expect(404);
    expect(lines.map((line) => line.level)).toEqual([40]);
  });

  it('logs a request the client left before its answer as aborted, once', async () => {
    const { app, lines, reached } = appLoggingTo('info');
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const sent = http.get({ host: '127.0.0.1', port, path: '/never' });
    sent.on('error', () => undefined);
    await eventually(async () => reached.value);
    sent.destroy();
    await eventually(async () => lines.length > 0);
    server.close();
    expect(lines.map((line) => [line.msg, (line.req as { url: string }).url])).toEqual([['request aborted', '/never']]);
  });
});
