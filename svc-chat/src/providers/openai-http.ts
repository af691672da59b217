import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type OpenAI from 'openai';
import { type Dispatcher, request } from 'undici';
import { eitherStop, Stop, type StopSignal } from '../stop';
import { ProviderError } from './provider';

export type CompletionChunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ResponseBody = Dispatcher.ResponseData['body'];

/** How much of an error answer is read, and how much of its message reaches the log. */
const ERROR_BODY_BYTES = 64 * 1024;
const ERROR_MESSAGE_CHARS = 500;

/** Where and how requests go: built once per provider by `openAiEndpoint`. */
export interface OpenAiEndpoint {
  /** The API's base URL without a trailing slash, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  headers: Record<string, string>;
  /** Until the answer's headers arrive. */
  timeoutMs: number;
}

/** A null key sends no Authorization header (a local Ollama or llama.cpp server takes none). */
export function openAiEndpoint({ baseUrl, apiKey, timeoutMs }: { baseUrl: string; apiKey: string | null; timeoutMs: number }): OpenAiEndpoint {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  return { baseUrl: baseUrl.replace(/\/+$/, ''), headers, timeoutMs };
}

/**
 * Why a request to the provider ended early, other than the caller's own signal: the provider did
 * not answer in time, or went quiet mid-stream. Its reason is the ProviderError to report.
 */
export class Cutoff {
  readonly signal = new Stop();

  cut(error: ProviderError): void {
    this.signal.abort(error);
  }

  get error(): ProviderError | undefined {
    return this.signal.aborted ? (this.signal.reason as ProviderError) : undefined;
  }
}

/**
 * POSTs `body` as JSON to `path` under the endpoint and resolves with the answer's body once a 2xx
 * answer's headers are in. Written on undici's `request` rather than the openai client: on the
 * path to a reply's first token the client's request building and web-stream reading cost about
 * as much as everything else svc-chat does. The wire protocol is the same; the shapes are the
 * openai package's own types.
 */
export function postJson(endpoint: OpenAiEndpoint, path: string, body: unknown, signal: StopSignal, cutoff: Cutoff): Promise<ResponseBody> {
  return send(endpoint, 'POST', path, body, signal, cutoff);
}

/** GETs `path` under the endpoint (e.g. `models`): the body of a 2xx answer, else the provider's own words as a ProviderError. */
export function getJson(endpoint: OpenAiEndpoint, path: string, signal: StopSignal, cutoff: Cutoff): Promise<ResponseBody> {
  return send(endpoint, 'GET', path, undefined, signal, cutoff);
}

async function send(endpoint: OpenAiEndpoint, method: 'GET' | 'POST', path: string, body: unknown, signal: StopSignal, cutoff: Cutoff): Promise<ResponseBody> {
  const timer = setTimeout(() => cutoff.cut(new ProviderError('the agent provider did not answer in time')), endpoint.timeoutMs);
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(`${endpoint.baseUrl}/${path}`, {
      method,
      headers: endpoint.headers,
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      // Not released: the answer's body is read under it after this returns, and both sources
      // last only as long as this one request.
      signal: eitherStop(signal, cutoff.signal).signal,
      // The timer above bounds the wait for headers; a stream's quiet spells are the caller's idle timer's.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  } catch (error) {
    throw failure(error, signal, cutoff, 'the agent provider could not be reached');
  } finally {
    clearTimeout(timer);
  }
  if (answer.statusCode >= 200 && answer.statusCode < 300) return answer.body;
  const text = await readCapped(answer.body, ERROR_BODY_BYTES).catch(() => '');
  throw new ProviderError(`the agent provider answered ${answer.statusCode}: ${errorMessage(text).slice(0, ERROR_MESSAGE_CHARS)}`);
}

/**
 * The chunks of a chat completion stream, in order, until `[DONE]` or the stream's end, as they
 * arrive: the chunks of each read together (a short reply comes in one read, and each step of an
 * async generator costs more than reading the chunk it carries). An SSE `error` (as
 * `data: {"error": …}` or as an `event: error`) and a chunk that is not JSON end it with a
 * ProviderError, after the chunks before it.
 */
export async function* completionChunks(body: ResponseBody): AsyncGenerator<CompletionChunk[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const decoder = new TextDecoder();
  let done = false;
  for await (const bytes of body as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    const chunks: CompletionChunk[] = [];
    // Read on to the end after [DONE], so the connection goes back to the pool instead of being closed.
    for (const { event, data } of events.splice(0)) {
      if (done || data === '[DONE]') {
        done = true;
        continue;
      }
      try {
        chunks.push(parseChunk(event, data));
      } catch (error) {
        if (chunks.length > 0) yield chunks;
        throw error;
      }
    }
    if (chunks.length > 0) yield chunks;
  }
}

/** A non-streamed answer's JSON. */
export async function readJson<T>(body: ResponseBody): Promise<T> {
  const text = await body.text();
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw unreadable(text, error);
  }
}

/**
 * What an error ending a request means, for the log: the caller's cancel, the cutoff's reason, a
 * ProviderError already made, else `otherwise` (a connection that failed or broke off).
 */
export function failure(error: unknown, signal: StopSignal, cutoff: Cutoff, otherwise: string): ProviderError {
  if (signal.aborted) return new ProviderError('the request was cancelled', { cause: error });
  if (cutoff.error) return cutoff.error;
  if (error instanceof ProviderError) return error;
  return new ProviderError(`${otherwise}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

function parseChunk(event: string | undefined, data: string): CompletionChunk {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    throw unreadable(data, error);
  }
  const fields = (parsed ?? {}) as { error?: unknown; choices?: unknown };
  if (event === 'error' || fields.error !== undefined) {
    throw new ProviderError(`the agent provider answered with an error in the stream: ${errorMessage(data).slice(0, ERROR_MESSAGE_CHARS)}`);
  }
  if (!Array.isArray(fields.choices)) throw unreadable(data);
  return parsed as CompletionChunk;
}

function unreadable(text: string, cause?: unknown): ProviderError {
  return new ProviderError(`the agent provider sent an unreadable answer: ${text.slice(0, ERROR_MESSAGE_CHARS)}`, { cause });
}

/**
 * The provider's own words from an error body in the shapes real servers send: OpenAI's
 * `{"error": {"message"}}`, vLLM's `{"object": "error", "message"}`, `{"error": "…"}`, else the
 * text as it came (plain text, a proxy's HTML page).
 */
function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'object' ? body.error?.message : (body.error ?? body.message);
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the text itself
  }
  return text.trim();
}

async function readCapped(body: ResponseBody, limit: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    parts.push(part);
    size += part.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, limit).toString('utf8');
}
