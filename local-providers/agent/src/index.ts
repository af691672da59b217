import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHttpServer } from '@agentdock/service-kit';
import { drawPromptImage } from './png';
import { estimateTokens, textWithinTokens } from '@agentdock/contracts';
import { composeReply, tokenize } from './reply';

export { composeReply, tokenize } from './reply';
export { readInstructions } from './instructions';
export { drawPromptImage } from './png';

export interface DemoProviderOptions {
  port?: number;
  host?: string;
  /** Pause between streamed tokens, so a reader sees the reply arrive token by token. */
  tokenDelayMs?: number;
}

export interface RunningDemoProvider {
  /** Base URL of the OpenAI-compatible API (ends in /v1). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** What `GET /v1/models` lists: a console's connection to the demo offers these. */
const DEMO_MODELS = [
  { id: 'agentdock-demo', object: 'model', created: 1_764_547_200, owned_by: 'agentdock' },
  { id: 'agentdock-demo-image', object: 'model', created: 1_764_547_200, owned_by: 'agentdock' },
];

interface ChatBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: unknown;
  messages?: Array<{ role?: string; content?: unknown }>;
}

/**
 * A local server speaking the OpenAI chat-completions (with streaming) and images protocol, so
 * svc-chat's real OpenAI-compatible adapter is what runs when no model provider is configured.
 */
export async function startDemoProvider(options: DemoProviderOptions = {}): Promise<RunningDemoProvider> {
  const tokenDelayMs = options.tokenDelayMs ?? 20;
  // A taken port rejects with a message naming it, not an unhandled 'error' event.
  const server = await startHttpServer(
    (req, res) => {
      handle(req, res, tokenDelayMs).catch(() => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: 'demo provider failure', type: 'server_error' } });
        else res.end();
      });
    },
    { port: options.port ?? 0, host: options.host ?? '127.0.0.1' },
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}/v1`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, tokenDelayMs: number): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/v1/models') return sendJson(res, 200, { object: 'list', data: DEMO_MODELS });
  if (req.method === 'GET' && path === '/health') return sendJson(res, 200, { status: 'ok' });
  if (req.method !== 'POST') return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
  const body = await readJson(req);
  if (body === undefined) return sendJson(res, 400, { error: { message: 'The body must be JSON', type: 'invalid_request_error' } });
  if (path === '/v1/chat/completions') return chatCompletion(res, body as ChatBody, tokenDelayMs);
  if (path === '/v1/images/generations') return imageGeneration(res, body as { prompt?: unknown; size?: unknown });
  return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
}

async function chatCompletion(res: ServerResponse, body: ChatBody, tokenDelayMs: number): Promise<void> {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const text = (role: string) => messages.filter((message) => message.role === role).map((message) => (typeof message.content === 'string' ? message.content : ''));
  const lastUser = text('user').at(-1);
  if (!lastUser) return sendJson(res, 400, { error: { message: 'messages must end with a user message', type: 'invalid_request_error' } });
  const whole = composeReply(text('system')[0] ?? '', lastUser);
  // A model stops at max_tokens (finish_reason "length"); usage is counted as svc-chat counts it.
  const limit = typeof body.max_tokens === 'number' && Number.isInteger(body.max_tokens) && body.max_tokens >= 0 ? body.max_tokens : undefined;
  const reply = limit === undefined ? whole : textWithinTokens(whole, limit);
  const finishReason = reply.length < whole.length ? 'length' : 'stop';
  const model = body.model ?? 'agentdock-demo';
  const id = `chatcmpl-demo-${Date.now().toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: estimateTokens(messages.map((message) => String(message.content ?? '')).join('\n')), completion_tokens: estimateTokens(reply) };
  const fullUsage = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  if (!body.stream) {
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: finishReason }],
      usage: fullUsage,
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  send(chunk({ role: 'assistant', content: '' }, null));
  for (const piece of tokenize(reply)) {
    if (res.destroyed) return;
    send(chunk({ content: piece }, null));
    if (tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, tokenDelayMs));
  }
  send(chunk({}, finishReason));
  if (body.stream_options?.include_usage) send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: fullUsage });
  res.end('data: [DONE]\n\n');
}

/** The demo draws small (256 px on the short side) in the aspect ratio of the size asked for; square otherwise. */
function demoImageSize(size: unknown): [number, number] {
  const match = typeof size === 'string' ? /^(\d{3,4})x(\d{3,4})$/.exec(size) : null;
  if (!match) return [256, 256];
  const [width, height] = [Number(match[1]), Number(match[2])];
  const scale = 256 / Math.min(width, height);
  return [Math.min(512, Math.round(width * scale)), Math.min(512, Math.round(height * scale))];
}

function imageGeneration(res: ServerResponse, body: { prompt?: unknown; size?: unknown }): void {
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') return sendJson(res, 400, { error: { message: 'prompt is required', type: 'invalid_request_error' } });
  const png = drawPromptImage(body.prompt, ...demoImageSize(body.size));
  sendJson(res, 200, {
    created: Math.floor(Date.now() / 1000),
    data: [{ b64_json: png.toString('base64'), revised_prompt: `A demo picture drawn from: ${body.prompt.trim().slice(0, 200)}` }],
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const part of req) chunks.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
