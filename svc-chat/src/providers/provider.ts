import type { ImageSize } from '@agentdock/contracts';
import type { StopSignal } from '../stop';

/** One message of the conversation as OpenAI-compatible providers take it. */
export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a provider is asked: the agent (with its provider id), the user's text and the recent history. */
export interface ProviderRequest {
  agent: { key: string; name: string; description: string; providerAgentId: string | null; producesImages: boolean };
  message: string;
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  /**
   * The whole conversation as sent to OpenAI-compatible providers, built by `buildProviderMessages`:
   * the agent's instructions first, then an API caller's own system messages, the history and the
   * message. Trigger/poll providers, which hold their own instructions, send `message` alone.
   */
  messages: ProviderMessage[];
  /** The model the agent's live version names; absent: the provider's own default. */
  model?: string;
  /** For image agents: the image model the agent names. */
  imageModel?: string;
  /** Sampling settings (the agent's, or an API caller's), for providers that take them. */
  temperature?: number;
  stop?: string[];
  /** For image agents: the size asked for (providers that cannot size images ignore it; absent: square). */
  imageSize?: ImageSize;
  signal: StopSignal;
  /** The most reply tokens the customer can pay for: the provider is asked for no more (`max_tokens`). */
  maxTokens: number;
  /** A piece of reply text as soon as it is known (streaming providers call it per token). */
  onToken(text: string): void;
  /**
   * Nobody reads the reply before it ends (a `/v1` request not streamed): a provider may ask for it
   * in one answer, and then gives `onToken` all of it at once.
   */
  whole?: boolean;
  /** The provider accepted the request and is working (trigger/poll providers call it once). */
  onWaiting(): void;
}

export interface ProviderReply {
  text: string;
  /** Provider-reported usage; null when the provider does not report it. */
  usage: { promptTokens: number; completionTokens: number } | null;
  imageUrl: string | null;
  /** Why the provider ended the reply, where it says: `length` when it stopped at `max_tokens`. */
  finishReason?: 'stop' | 'length' | null;
}

/** A server-side adapter to one model provider; credentials stay in it. */
export interface ChatProvider {
  /** Neutral name shown to users (e.g. "the demo provider"). */
  readonly name: string;
  readonly demo: boolean;
  reply(request: ProviderRequest): Promise<ProviderReply>;
}

/**
 * A provider failure. Its message is for the log only (it may quote the provider's own answer,
 * which can hold part of a key); the user sees the neutral apology with the request id.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** The reason every provider failure shows: what went wrong inside the provider stays in the log. */
export const PROVIDER_FAILURE_REASON = 'the agent is unavailable right now';

/** 'Sorry, I encountered an error: {message}. Please try again.' */
export function apologyText(message: string): string {
  return `Sorry, I encountered an error: ${message.replace(/\.+$/, '')}. Please try again.`;
}

/** The apology for a failed reply, with the request id the log lines carry. */
export function failureApology(requestId: string | undefined): string {
  return apologyText(requestId ? `${PROVIDER_FAILURE_REASON} (request ${requestId})` : PROVIDER_FAILURE_REASON);
}

export const NO_REPLY_TEXT = 'The agent is still processing your request. Please wait a moment and try again.';
export const IMAGE_PENDING_TEXT = "I'm working on generating your image. Please wait a moment and try again if the image doesn't appear.";
export const IMAGE_DONE_TEXT = "Here's your generated image!";
