import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'error' | 'hang' | 'malformed';

/**
 * A stand-in model provider speaking the OpenAI chat-completions stream and images protocol, so
 * the real adapter (the openai client) runs in tests. `mode` switches its behaviour per test.
 */
export class FakeOpenAi {
  mode: FakeMode = 'ok';
  reply = 'Hello from the **fake** model.';
  usage: { prompt_tokens: number; completion_tokens: number } | null = { prompt_tokens: 1, completion_tokens: 2 };
  requests: Array<{ path: string; body: Record<string, unknown> }> = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeOpenAi> {
    let fake: FakeOpenAi | undefined;
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const part of req) chunks.push(part as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      fake!.requests.push({ path: req.url ?? '', body });
      if (fake!.mode === 'hang') return; // never answers: the client's timeout must fire
      if (fake!.mode === 'error') {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      }
      if (req.url?.endsWith('/images/generations')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ created: 1, data: [{ b64_json: Buffer.from('png-bytes').toString('base64') }] }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (fake!.mode === 'malformed') return res.end('data: {"id": "x", "choices": [\n\n');
      const chunk = (delta: object) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
      for (const word of fake!.reply.split(/(?<= )/)) res.write(chunk({ content: word }));
      if (fake!.usage)
        res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { ...fake!.usage, total_tokens: 0 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    fake = new FakeOpenAi(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
