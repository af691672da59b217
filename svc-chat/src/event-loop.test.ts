import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { nextPollPhase } from './event-loop';

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
