import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import { eitherStop, Stop, stopWhenCallerLeaves } from './stop';

describe('Stop', () => {
  it('runs each listener once, with the first reason kept', () => {
    const stop = new Stop();
    const heard: unknown[] = [];
    stop.addEventListener('abort', () => heard.push(stop.reason));
    stop.abort('first');
    stop.abort('second');
    expect(stop.aborted).toBe(true);
    expect(heard).toEqual(['first']);
  });

  it('does not call a listener that was removed, and keeps the others', () => {
    const stop = new Stop();
    const heard: string[] = [];
    const removed = () => heard.push('removed');
    stop.addEventListener('abort', removed);
    stop.addEventListener('abort', () => heard.push('kept'));
    stop.removeEventListener('abort', removed);
    stop.abort();
    expect(heard).toEqual(['kept']);
  });

  it('stops an undici request in flight, as an AbortSignal would', async () => {
    const { createServer } = await import('node:http');
    const { request } = await import('undici');
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const stop = new Stop();
      const pending = request(`http://127.0.0.1:${port}/`, { signal: stop });
      setTimeout(() => stop.abort(new Error('left')), 20);
      await expect(pending).rejects.toThrow('left');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('eitherStop', () => {
  it('stops with the reason of whichever source stops first, a Stop or an AbortSignal', () => {
    const first = new AbortController();
    const second = new Stop();
    const { signal } = eitherStop(first.signal, second);
    expect(signal.aborted).toBe(false);
    second.abort('second');
    first.abort('first');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('second');
  });

  it('is stopped from the start when a source already is', () => {
    const stopped = AbortSignal.abort('gone');
    expect(eitherStop(new Stop(), stopped).signal.reason).toBe('gone');
    expect(eitherStop(stopped, new Stop()).signal.reason).toBe('gone');
  });

  it('no longer follows its sources once released', () => {
    const first = new Stop();
    const second = new AbortController();
    const either = eitherStop(first, second.signal);
    either.release();
    first.abort();
    second.abort();
    expect(either.signal.aborted).toBe(false);
  });
});

describe('stopWhenCallerLeaves', () => {
  it('stops when the caller goes away before the answer is complete, and not once it was', async () => {
    const stops: Stop[] = [];
    const server = createServer((req, res: ServerResponse) => {
      const stop = stopWhenCallerLeaves(res);
      stops.push(stop);
      if (req.url === '/answered') res.end('done');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await new Promise<void>((resolve, reject) => {
        httpRequest({ port, host: '127.0.0.1', path: '/answered' }, (res) => res.resume().on('end', resolve))
          .on('error', reject)
          .end();
      });
      const left = httpRequest({ port, host: '127.0.0.1', path: '/left' });
      left.on('error', () => undefined).end();
      while (stops.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      left.destroy();
      while (!stops[1]!.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(stops[0]!.aborted).toBe(false);
      expect(stops[1]!.aborted).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
