import { DEFAULT_IMAGE_SIZE } from '@agentdock/contracts';
import OpenAI from 'openai';
import { type ChatProvider, IMAGE_DONE_TEXT, IMAGE_PENDING_TEXT, NO_REPLY_TEXT, ProviderError, type ProviderReply, type ProviderRequest } from './provider';

export interface OpenAiCompatibleConfig {
  name: string;
  demo: boolean;
  baseUrl: string;
  apiKey: string;
  model: string;
  /** A model per agent key, where an agent needs another one than `model`. */
  models: Record<string, string>;
  imageModel: string;
  /** Until the answer's headers arrive. */
  timeoutMs: number;
  /** Longest quiet spell between two stream chunks before the reply counts as failed. */
  idleTimeoutMs: number;
}

/**
 * Chat completions (streamed) and the images API over the OpenAI protocol: OpenAI itself, vLLM,
 * Ollama, llama.cpp's server and the built-in demo provider all speak it.
 */
export class OpenAiCompatibleProvider implements ChatProvider {
  readonly name: string;
  readonly demo: boolean;
  private readonly client: OpenAI;

  constructor(private readonly config: OpenAiCompatibleConfig) {
    this.name = config.name;
    this.demo = config.demo;
    this.client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 });
  }

  async reply(request: ProviderRequest): Promise<ProviderReply> {
    try {
      return request.agent.producesImages ? await this.image(request) : await this.chat(request);
    } catch (error) {
      throw toProviderError(error);
    }
  }

  private async chat(request: ProviderRequest): Promise<ProviderReply> {
    // The client's timeout ends once the headers are in; a provider that then goes quiet is cut
    // off by this idle timer, restarted by every chunk.
    const idle = new AbortController();
    const signal = AbortSignal.any([request.signal, idle.signal]);
    const stream = await this.client.chat.completions.create(
      {
        model: this.config.models[request.agent.key] ?? this.config.model,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: request.maxTokens,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.stop?.length ? { stop: request.stop } : {}),
        messages: [
          { role: 'system', content: `You are ${request.agent.name}. ${request.agent.description}`.trim() },
          ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
          ...request.history,
          { role: 'user', content: request.message },
        ],
      },
      { signal },
    );
    let text = '';
    let usage: ProviderReply['usage'] = null;
    let finishReason: ProviderReply['finishReason'] = null;
    const stall = () => idle.abort(new ProviderError(`no stream chunk for ${this.config.idleTimeoutMs} ms`));
    let timer = setTimeout(stall, this.config.idleTimeoutMs);
    try {
      for await (const chunk of stream) {
        clearTimeout(timer);
        timer = setTimeout(stall, this.config.idleTimeoutMs);
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          const first = text === '';
          text += piece;
          request.onToken(piece);
          if (first) await nextPollPhase();
        }
        // Cut off at the reservation, or the reader left: read no further. Draining what is
        // already buffered could wait for ever once the stream was aborted after its last byte arrived.
        if (signal.aborted) break;
        const finish = chunk.choices[0]?.finish_reason;
        if (finish === 'length' || finish === 'stop') finishReason = finish;
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      }
    } catch (error) {
      if (idle.signal.aborted && !request.signal.aborted) throw idle.signal.reason as ProviderError;
      throw error;
    } finally {
      clearTimeout(timer);
    }
    // The SDK ends the iteration quietly when its signal aborts: a cut-off stream is not a reply.
    if (request.signal.aborted) throw new ProviderError('the request was cancelled');
    if (idle.signal.aborted) throw idle.signal.reason as ProviderError;
    if (text.trim() === '') return { text: NO_REPLY_TEXT, usage, imageUrl: null };
    return { text, usage, imageUrl: null, finishReason };
  }

  private async image(request: ProviderRequest): Promise<ProviderReply> {
    request.onWaiting();
    const result = await this.client.images.generate(
      { model: this.config.imageModel, prompt: request.message, n: 1, size: request.imageSize ?? DEFAULT_IMAGE_SIZE },
      { signal: request.signal },
    );
    const first = result.data?.[0];
    const imageUrl = first?.url ?? (first?.b64_json ? `data:image/png;base64,${first.b64_json}` : null);
    const text = imageUrl ? (first?.revised_prompt ? `${IMAGE_DONE_TEXT}\n\n${first.revised_prompt}` : IMAGE_DONE_TEXT) : IMAGE_PENDING_TEXT;
    request.onToken(text);
    return { text, usage: null, imageUrl };
  }
}

/** What went wrong, for the log (the user sees only the neutral apology). */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  // The SDK's own abort error is an APIError without a status: a cancel, not a bad answer.
  if (error instanceof OpenAI.APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) return new ProviderError('the request was cancelled', { cause: error });
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ProviderError('the agent provider did not answer in time', { cause: error });
  if (error instanceof OpenAI.APIError) {
    return new ProviderError(`the agent provider answered ${error.status ?? 'with an error in the stream'}: ${error.message.slice(0, 500)}`, { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) return new ProviderError('the agent provider could not be reached', { cause: error });
  return new ProviderError(`the agent provider sent an unreadable answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/**
 * Resolves once the event loop has polled for I/O again. A reply that arrives in a burst is read
 * to its end in one turn of the loop; waiting here after its first piece lets that piece leave
 * first (and, where the gateway shares the process, lets the gateway relay it) before the rest is
 * processed. The first `setImmediate` runs before the next poll, the second after it.
 */
function nextPollPhase(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
