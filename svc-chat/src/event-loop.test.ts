import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { eitherSignal, nextPollPhase } from './event-loop';

describe('nextPollPhase', () => {
  it('resolves only once what was written in this turn has been read on the other end of a local connection', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address() as { port: number };
    const accepted = once(server, 'connection') as Promise<[Socket]>;
    const client = connect(address.port, '127.0.0.1');
    await once(client, 'connect');
    const [peer] = await accepted;
    try {
      const received: string[] = [];
      peer.on('data', (chunk: Buffer) => received.push(chunk.toString()));
      client.write('the last token');
      expect(received).toEqual([]);
      await nextPollPhase();
      expect(received.join('')).toBe('the last token');
    } finally {
      client.destroy();
      peer.destroy();
      server.close();
    }
  });

  it('takes no timer tick: many in a row take far less than a millisecond each', async () => {
    const began = performance.now();
    for (let turn = 0; turn < 200; turn += 1) await nextPollPhase();
    expect((performance.now() - began) / 200).toBeLessThan(0.9);
  });
});

describe('eitherSignal', () => {
  it('aborts with the reason of whichever source aborts first', () => {
    const first = new AbortController();
    const second = new AbortController();
    const { signal } = eitherSignal(first.signal, second.signal);
    expect(signal.aborted).toBe(false);
    second.abort('second');
    first.abort('first');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('second');
  });

  it('is aborted from the start when a source already is', () => {
    const aborted = AbortSignal.abort('gone');
    expect(eitherSignal(new AbortController().signal, aborted).signal.reason).toBe('gone');
    expect(eitherSignal(aborted, new AbortController().signal).signal.reason).toBe('gone');
  });

  it('no longer follows its sources once released', () => {
    const first = new AbortController();
    const second = new AbortController();
    const either = eitherSignal(first.signal, second.signal);
    either.release();
    first.abort();
    second.abort();
    expect(either.signal.aborted).toBe(false);
  });
});
