/** What a provider is asked: the agent (with its provider id), the user's text and the recent history. */
export interface ProviderRequest {
  agent: { key: string; name: string; description: string; providerAgentId: string | null; producesImages: boolean };
  message: string;
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  signal: AbortSignal;
  /** A piece of reply text as soon as it is known (streaming providers call it per token). */
  onToken(text: string): void;
  /** The provider accepted the request and is working (trigger/poll providers call it once). */
  onWaiting(): void;
}

export interface ProviderReply {
  text: string;
  /** Provider-reported usage; null when the provider does not report it. */
  usage: { promptTokens: number; completionTokens: number } | null;
  imageUrl: string | null;
}

/** A server-side adapter to one model provider; credentials stay in it. */
export interface ChatProvider {
  /** Neutral name shown to users (e.g. "the demo provider"). */
  readonly name: string;
  readonly demo: boolean;
  reply(request: ProviderRequest): Promise<ProviderReply>;
}

/** A provider failure; its message goes into the apology the user sees, so it never holds secrets. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/** 'Sorry, I encountered an error: {message}. Please try again.' */
export function apologyText(message: string): string {
  return `Sorry, I encountered an error: ${message.replace(/\.+$/, '')}. Please try again.`;
}

export const NO_REPLY_TEXT = 'The agent is still processing your request. Please wait a moment and try again.';
export const IMAGE_PENDING_TEXT = "I'm working on generating your image. Please wait a moment and try again if the image doesn't appear.";
export const IMAGE_DONE_TEXT = "Here's your generated image!";
