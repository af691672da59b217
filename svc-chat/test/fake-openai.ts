import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `ok` streams the reply; `slow` streams it a word every `delayMs`; `stall` sends one chunk and
 * then nothing; `error` answers `errorAnswer` before streaming; `stream-error` sends one chunk
 * and then an SSE `data: {"error": …}`, `error-event` one and then an `event: error`; `hang`
 * never answers; `malformed` breaks the stream. A request without `stream: true` gets the reply
 * as one `chat.completion` (`slow`: after a word's delay each; `stall`: its headers only; `malformed`: JSON cut short).
 */
export type FakeMode = 'ok' | 'slow' | 'stall' | 'error' | 'stream-error' | 'error-event' | 'hang' | 'malformed';

/** What the fake lists at `GET /models`. */
export const FAKE_MODELS = ['fake-large', 'fake-small'];

/** The error answers real OpenAI-compatible servers send. */
export const ERROR_ANSWERS = {
  openai: {
    status: 401,
    contentType: 'application/json',
    body: JSON.stringify({ error: { message: 'Incorrect API key provided: sk-live-abcd1234', type: 'invalid_request_error', code: 'invalid_api_key' } }),
  },
  vllm: {
    status: 400,
    contentType: 'application/json',
    body: JSON.stringify({ object: 'error', message: 'model sk-live-abcd1234 does not exist', type: 'NotFoundError', code: 404 }),
  },
  'plain text': { status: 500, contentType: 'text/plain', body: 'internal error near sk-live-abcd1234' },
  'HTML 502': {
    status: 502,
    contentType: 'text/html',
    body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx sk-live-abcd1234</center></body></html>',
  },
} as const;
export interface ErrorAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A stand-in model provider speaking the OpenAI chat-completions stream and images protocol, so
 * the real adapter (its HTTP requests and stream reading) runs in tests. `mode` switches its behaviour per test.
 */
export class FakeOpenAi {
  mode: FakeMode = 'ok';
  reply = 'Hello from the **fake** model.';
  usage: { prompt_tokens: number; completion_tokens: number } | null = { prompt_tokens: 1, completion_tokens: 2 };
  errorAnswer: ErrorAnswer = { status: 503, contentType: 'application/json', body: JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }) };
  delayMs = 50;
  /** Each request: its path and body, the key it carried, and the client's port (the same port: a reused connection). */
  requests: Array<{ path: string; body: Record<string, unknown>; authorization?: string; clientPort?: number }> = [];

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
      const self = fake!;
      self.requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization, clientPort: req.socket.remotePort });
      if (self.mode === 'hang') return; // never answers: the client's timeout must fire
      if (self.mode === 'error') {
        res.writeHead(self.errorAnswer.status, { 'content-type': self.errorAnswer.contentType });
        return res.end(self.errorAnswer.body);
      }
      if (req.method === 'GET' && req.url?.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 1, owned_by: 'fake-lab' })) }));
      }
      if (req.url?.endsWith('/images/generations')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ created: 1, data: [{ b64_json: Buffer.from('png-bytes').toString('base64') }] }));
      }
      if (body.stream !== true) return self.answerWhole(res);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (self.mode === 'malformed') return res.end('data: {"id": "x", "choices": [\n\n');
      const chunk = (delta: object) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
      const words = self.reply.split(/(?<= )/);
      if (self.mode === 'stall') return res.write(chunk({ content: words[0] }));
      if (self.mode === 'stream-error') {
        res.write(chunk({ content: words[0] }));
        return res.end(`data: ${JSON.stringify({ error: { message: 'upstream sk-live-abcd1234 failed', type: 'server_error' } })}\n\n`);
      }
      if (self.mode === 'error-event') {
        res.write(chunk({ content: words[0] }));
        return res.end(`event: error\ndata: ${JSON.stringify({ message: 'overloaded near sk-live-abcd1234' })}\n\n`);
      }
      for (const word of words) {
        if (res.destroyed) return;
        res.write(chunk({ content: word }));
        if (self.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, self.delayMs));
      }
      if (self.usage)
        res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { ...self.usage, total_tokens: 0 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    fake = new FakeOpenAi(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    return fake;
  }

  private async answerWhole(res: ServerResponse): Promise<void> {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (this.mode === 'stall') return void res.flushHeaders();
    if (this.mode === 'malformed') return void res.end('{"id": "x", "choices": [');
    if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, this.delayMs * this.reply.split(/(?<= )/).length));
    const usage = this.usage ? { usage: { ...this.usage, total_tokens: this.usage.prompt_tokens + this.usage.completion_tokens } } : {};
    res.end(
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: this.reply }, finish_reason: 'stop' }],
        ...usage,
      }),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
