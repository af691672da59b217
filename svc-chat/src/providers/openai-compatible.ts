import { DEFAULT_IMAGE_SIZE } from '@agentdock/contracts';
import type OpenAI from 'openai';
import { nextPollPhase } from '../event-loop';
import { completionChunks, Cutoff, failure, type OpenAiEndpoint, openAiEndpoint, postJson, readJson } from './openai-http';
import { type ChatProvider, IMAGE_DONE_TEXT, IMAGE_PENDING_TEXT, NO_REPLY_TEXT, ProviderError, type ProviderReply, type ProviderRequest } from './provider';

export interface OpenAiCompatibleConfig {
  name: string;
  demo: boolean;
  baseUrl: string;
  /** null: the endpoint takes no key (no Authorization header is sent). */
  apiKey: string | null;
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
 * The slowest generation a model still in service is allowed, in tokens per second. A reply asked
 * for whole shows no sign of life until it is done (a stream's idle timer has nothing to restart
 * it), so only a reply that even at this pace comes within the answer timeout is asked for whole:
 * 300 tokens at the 60 s default.
 */
const SLOWEST_TOKENS_PER_SECOND = 5;

/**
 * Chat completions (streamed, or whole where nobody reads a short reply before it ends) and the
 * images API over the OpenAI protocol: OpenAI itself, vLLM, Ollama, llama.cpp's server and the
 * built-in demo provider all speak it.
 */
export class OpenAiCompatibleProvider implements ChatProvider {
  readonly name: string;
  readonly demo: boolean;
  private readonly endpoint: OpenAiEndpoint;
  /** The longest reply asked for whole (see SLOWEST_TOKENS_PER_SECOND). */
  private readonly wholeReplyTokens: number;

  constructor(private readonly config: OpenAiCompatibleConfig) {
    this.name = config.name;
    this.demo = config.demo;
    this.endpoint = openAiEndpoint(config);
    this.wholeReplyTokens = Math.floor((config.timeoutMs / 1000) * SLOWEST_TOKENS_PER_SECOND);
  }

  reply(request: ProviderRequest): Promise<ProviderReply> {
    if (request.agent.producesImages) return this.image(request);
    // Read as one JSON answer, a short reply costs a third less CPU than as a stream of chunks (~100 of ~300 µs on the demo's).
    return request.whole && request.maxTokens <= this.wholeReplyTokens ? this.wholeChat(request) : this.chat(request);
  }

  private chatBody(request: ProviderRequest): OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming {
    return {
      model: request.model ?? this.config.models[request.agent.key] ?? this.config.model,
      max_tokens: request.maxTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stop?.length ? { stop: request.stop } : {}),
      messages: request.messages,
    };
  }

  /**
   * A reply nobody reads before it ends, asked for in one answer. Its time until the answer's
   * headers (the endpoint's timeout) is the whole generation's; its body then gets one quiet spell.
   */
  private async wholeChat(request: ProviderRequest): Promise<ProviderReply> {
    const cutoff = new Cutoff();
    const body = await postJson(this.endpoint, 'chat/completions', this.chatBody(request), request.signal, cutoff);
    const timer = setTimeout(() => cutoff.cut(new ProviderError(`no answer body for ${this.config.idleTimeoutMs} ms`)), this.config.idleTimeoutMs);
    let answer: Partial<OpenAI.Chat.Completions.ChatCompletion>;
    try {
      answer = await readJson(body);
    } catch (error) {
      throw failure(error, request.signal, cutoff, 'the agent provider broke off its answer');
    } finally {
      clearTimeout(timer);
    }
    if (!Array.isArray(answer.choices)) throw new ProviderError('the agent provider sent an answer without choices');
    const choice = answer.choices[0];
    const text = choice?.message?.content ?? '';
    const usage = answer.usage ? { promptTokens: answer.usage.prompt_tokens, completionTokens: answer.usage.completion_tokens } : null;
    if (text.trim() === '') return { text: NO_REPLY_TEXT, usage, imageUrl: null };
    request.onToken(text);
    const finish = choice?.finish_reason;
    return { text, usage, imageUrl: null, finishReason: finish === 'length' || finish === 'stop' ? finish : null };
  }

  private async chat(request: ProviderRequest): Promise<ProviderReply> {
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming = { ...this.chatBody(request), stream: true, stream_options: { include_usage: true } };
    // The endpoint's timeout ends once the headers are in; a provider that then goes quiet is cut
    // off by the idle timer, restarted by every chunk.
    const cutoff = new Cutoff();
    const stream = await postJson(this.endpoint, 'chat/completions', body, request.signal, cutoff);
    let text = '';
    let usage: ProviderReply['usage'] = null;
    let finishReason: ProviderReply['finishReason'] = null;
    const stall = () => cutoff.cut(new ProviderError(`no stream chunk for ${this.config.idleTimeoutMs} ms`));
    const timer = setTimeout(stall, this.config.idleTimeoutMs);
    try {
      reading: for await (const chunks of completionChunks(stream)) {
        timer.refresh();
        for (const chunk of chunks) {
          const piece = chunk.choices[0]?.delta?.content;
          if (piece) {
            const first = text === '';
            text += piece;
            request.onToken(piece);
            // A reply nobody reads before it ends (too long to ask for whole) has no piece to let leave.
            if (first && !request.whole) await nextPollPhase();
          }
          // Cut off at the reservation, or the reader left: read no further. Draining what is
          // already buffered could wait for ever once the stream was aborted after its last byte arrived.
          if (request.signal.aborted) break reading;
          const finish = chunk.choices[0]?.finish_reason;
          if (finish === 'length' || finish === 'stop') finishReason = finish;
          if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        }
      }
    } catch (error) {
      throw failure(error, request.signal, cutoff, 'the agent provider broke off its answer');
    } finally {
      clearTimeout(timer);
    }
    // A stream cut off by the caller is not a reply, however much of it arrived.
    if (request.signal.aborted) throw new ProviderError('the request was cancelled');
    if (cutoff.error) throw cutoff.error;
    if (text.trim() === '') return { text: NO_REPLY_TEXT, usage, imageUrl: null };
    return { text, usage, imageUrl: null, finishReason };
  }

  private async image(request: ProviderRequest): Promise<ProviderReply> {
    request.onWaiting();
    const body: OpenAI.Images.ImageGenerateParams = {
      model: request.imageModel ?? this.config.imageModel,
      prompt: request.message,
      n: 1,
      size: request.imageSize ?? DEFAULT_IMAGE_SIZE,
    };
    const cutoff = new Cutoff();
    const result = await readJson<OpenAI.Images.ImagesResponse>(await postJson(this.endpoint, 'images/generations', body, request.signal, cutoff)).catch((error: unknown) => {
      throw failure(error, request.signal, cutoff, 'the agent provider broke off its answer');
    });
    const first = result.data?.[0];
    const imageUrl = first?.url ?? (first?.b64_json ? `data:image/png;base64,${first.b64_json}` : null);
    const text = imageUrl ? (first?.revised_prompt ? `${IMAGE_DONE_TEXT}\n\n${first.revised_prompt}` : IMAGE_DONE_TEXT) : IMAGE_PENDING_TEXT;
    request.onToken(text);
    return { text, usage: null, imageUrl };
  }
}
