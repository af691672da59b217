import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';

// A stand-in server speaking just enough of PostgreSQL's wire protocol to play, deterministically
// on every machine, the ways a real server goes away (refusing at startup, ending a session under
// a query, resetting the socket), for the tests of what `pg` and drizzle then raise.

/** One backend message: its type byte, then its length (itself included) and body. */
export function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

const AUTHENTICATION_OK = message('R', Buffer.from([0, 0, 0, 0]));
export const READY_FOR_QUERY = message('Z', Buffer.from('I'));

/** An ErrorResponse: severity, SQLSTATE and text, as the server sends them. */
export function errorResponse(severity: 'ERROR' | 'FATAL', code: string, text: string): Buffer {
  const field = (tag: string, value: string) => Buffer.from(`${tag}${value}\0`);
  return message('E', Buffer.concat([field('S', severity), field('V', severity), field('C', code), field('M', text), Buffer.from([0])]));
}

/** What the stand-in does with a connection: at the startup message, and at the first query after it. */
export interface Script {
  onStartup(socket: Socket): void;
  /** `index`: 0 for the first read after the startup; `data`: what that read brought (one or more messages). */
  onQuery?(socket: Socket, index: number, data: Buffer): void;
}

export const accept: Script['onStartup'] = (socket) => socket.write(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY]));

export async function standIn(script: Script): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let queries = -1;
    socket.on('data', (data: Buffer) => {
      if (queries === -1) script.onStartup(socket);
      else script.onQuery?.(socket, queries, data);
      queries += 1;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The type bytes of the frontend messages in `data`, which holds whole messages. */
export function messageTypes(data: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 5 <= data.length; at += 1 + data.readInt32BE(at + 1)) types.push(String.fromCharCode(data[at]!));
  return types;
}
