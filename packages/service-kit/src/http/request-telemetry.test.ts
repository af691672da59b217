import express from 'express';
import request from 'supertest';
import { type RequestObserver, observeRequests } from './request-telemetry';

describe('observeRequests', () => {
  it('calls every observer once per request, after the response is over, with the same arrival time', async () => {
    const calls: Array<{ observer: string; status: number; finished: boolean; started: number }> = [];
    const observer =
      (name: string): RequestObserver =>
      (_req, res, started) =>
        void calls.push({ observer: name, status: res.statusCode, finished: res.writableFinished, started });
    const before = performance.now();
    const app = express()
      .use(observeRequests(observer('log'), observer('metrics')))
      .get('/teapot', (_req, res) => void res.status(418).send('short and stout'));

    await request(app).get('/teapot').expect(418);
    await request(app).get('/teapot').expect(418);

    expect(calls.map(({ observer, status, finished }) => [observer, status, finished])).toEqual([
      ['log', 418, true],
      ['metrics', 418, true],
      ['log', 418, true],
      ['metrics', 418, true],
    ]);
    expect(calls[0]!.started).toBe(calls[1]!.started);
    expect(calls[0]!.started).toBeGreaterThanOrEqual(before);
    expect(calls[2]!.started).toBeGreaterThanOrEqual(calls[0]!.started);
  });
});
