import { z } from 'zod';
import type { StopSignal } from '../stop';
import { type ChatProvider, IMAGE_DONE_TEXT, IMAGE_PENDING_TEXT, ProviderError, type ProviderReply, type ProviderRequest } from './provider';

export interface AgentPlatformConfig {
  name: string;
  baseUrl: string;
  /** Sent as the Authorization header ("project id:secret"); from the environment only. */
  authorization: string;
  /** First wait before polling and the poll interval: 30 s, or 5 s for short greetings. */
  firstWaitMs: number;
  intervalMs: number;
  greetingWaitMs: number;
  greetingIntervalMs: number;
  maxAttempts: number;
  requestTimeoutMs: number;
}

export const AGENT_PLATFORM_TIMING = { firstWaitMs: 30_000, intervalMs: 30_000, greetingWaitMs: 5_000, greetingIntervalMs: 5_000, maxAttempts: 60 };

const GREETING_WORDS = ['hi', 'hello', 'hey', 'greetings', 'good morning', 'good afternoon', 'good evening', 'howdy', 'yo', 'sup'];

/** A short greeting: under 20 characters and containing a greeting word. */
export function isGreeting(message: string): boolean {
  const text = message.trim().toLowerCase();
  if (text.length >= 20) return false;
  return GREETING_WORDS.some((word) => new RegExp(`\\b${word}\\b`).test(text));
}

const MARKDOWN_MARKERS = /(^|\n)\s*(#{1,6}\s|[-*+]\s|\d+\.\s|>\s)|\*\*|__|```|\[[^\]]+\]\([^)]+\)/;

/**
 * A reply is accepted when it is not generating and has text; a reply to anything but a greeting
 * must also exceed 200 characters or contain markdown markers (shorter plain text is a preamble).
 */
export function isAcceptedReply(reply: { text: string; generating: boolean }, greeting: boolean): boolean {
  if (reply.generating || reply.text.trim() === '') return false;
  if (greeting) return true;
  return reply.text.length > 200 || MARKDOWN_MARKERS.test(reply.text);
}

const triggerAnswer = z.object({ conversation_id: z.string().min(1), agent_id: z.string().optional(), state: z.string().optional() });

const viewResult = z.object({
  content: z
    .object({
      type: z.string(),
      text: z.string().optional(),
      generating: z.boolean().optional(),
      tool_run_state: z.string().optional(),
      output: z.object({ image_url: z.string().optional(), result: z.unknown().optional() }).partial().optional(),
    })
    .passthrough(),
});
const viewAnswer = z.object({ results: z.array(z.unknown()).default([]) });

/** Trigger-then-poll agent platform; the polling runs here, the browser only sees "waiting". */
export class AgentPlatformProvider implements ChatProvider {
  readonly name: string;
  readonly demo = false;

  constructor(private readonly config: AgentPlatformConfig) {
    this.name = config.name;
  }

  async reply(request: ProviderRequest): Promise<ProviderReply> {
    const agentId = request.agent.providerAgentId;
    if (!agentId) throw new ProviderError('No agent ID found for selected agent');
    const trigger = await this.post('/agents/trigger', { agent_id: agentId, message: { role: 'user', content: request.message } }, request.signal, 'trigger');
    const parsed = triggerAnswer.safeParse(trigger);
    if (!parsed.success) throw new ProviderError('the agent provider sent an unreadable answer');
    request.onWaiting();
    const greeting = isGreeting(request.message);
    const firstWait = greeting ? this.config.greetingWaitMs : this.config.firstWaitMs;
    const interval = greeting ? this.config.greetingIntervalMs : this.config.intervalMs;
    await sleep(firstWait, request.signal);
    for (let attempt = 1; attempt <= this.config.maxAttempts; attempt += 1) {
      const view = viewAnswer.safeParse(
        await this.post(`/agents/${encodeURIComponent(agentId)}/tasks/${encodeURIComponent(parsed.data.conversation_id)}/view`, undefined, request.signal, 'view'),
      );
      if (!view.success) throw new ProviderError('the agent provider sent an unreadable answer');
      const reply = readResults(view.data.results, request.agent.producesImages, greeting);
      if (reply) {
        request.onToken(reply.text);
        return { ...reply, usage: null };
      }
      if (attempt < this.config.maxAttempts) await sleep(interval, request.signal);
    }
    throw new ProviderError(`Failed to get conversation data after ${this.config.maxAttempts} polling attempts.`);
  }

  private async post(path: string, body: unknown, signal: StopSignal, step: 'trigger' | 'view'): Promise<unknown> {
    // fetch takes only an AbortSignal: this one follows the reply's stop while the call lasts.
    const left = new AbortController();
    const leave = () => left.abort(signal.reason);
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave);
    try {
      return await this.postOnce(path, body, AbortSignal.any([left.signal, AbortSignal.timeout(this.config.requestTimeoutMs)]), step);
    } catch (error) {
      if (signal.aborted) throw new ProviderError('the request was cancelled', { cause: error });
      throw error;
    } finally {
      signal.removeEventListener('abort', leave);
    }
  }

  private async postOnce(path: string, body: unknown, signal: AbortSignal, step: 'trigger' | 'view'): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { authorization: this.config.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new ProviderError('the agent provider did not answer in time');
      throw new ProviderError('the agent provider could not be reached');
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 200);
      const detail = `Agent provider ${step} error: ${response.status} ${response.statusText} - ${text}`;
      throw new ProviderError(`Failed to get AI response: ${detail}`);
    }
    try {
      return await response.json();
    } catch {
      throw new ProviderError('the agent provider sent an unreadable answer');
    }
  }
}

function readResults(results: unknown[], wantsImage: boolean, greeting: boolean): { text: string; imageUrl: string | null } | null {
  const contents = results.flatMap((raw) => {
    const parsed = viewResult.safeParse(raw);
    return parsed.success ? [parsed.data.content] : [];
  });
  const messages = contents.filter((content) => content.type === 'agent-message');
  const imageUrl = contents.find((content) => content.type === 'tool-run' && content.output?.image_url)?.output?.image_url ?? null;
  const last = messages.at(-1);
  const text = last?.text ?? '';
  if (wantsImage) {
    if (imageUrl) return { text: text.trim() || IMAGE_DONE_TEXT, imageUrl };
    const toolFinished = contents.some((content) => content.type === 'tool-run' && content.tool_run_state === 'finished');
    if (toolFinished) return { text: IMAGE_PENDING_TEXT, imageUrl: null };
    return null;
  }
  if (last && isAcceptedReply({ text, generating: last.generating ?? false }, greeting)) return { text, imageUrl: null };
  return null;
}

function sleep(ms: number, signal: StopSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ProviderError('the request was cancelled'));
    const cancel = () => {
      clearTimeout(timer);
      reject(new ProviderError('the request was cancelled'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    signal.addEventListener('abort', cancel);
  });
}
