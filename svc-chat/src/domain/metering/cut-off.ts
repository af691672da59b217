import { estimateTokens, type ReplyStopReason, textWithinTokens } from '@agentdock/contracts';
import type { ProviderReply } from '../../providers/provider';
import { Stop } from '../../stop';

/** A reply as delivered: the text the reader got, why it ended early (if it did), the provider's count. */
export interface Delivered {
  text: string;
  usage: ProviderReply['usage'];
  imageUrl: string | null;
  stopReason: ReplyStopReason | null;
  /** OpenAI's `finish_reason`: `length` when the reply was cut at the bound (or the provider stopped at `max_tokens`). */
  finishReason: 'stop' | 'length';
}

/**
 * Holds a streamed reply to the tokens its reservation paid for: pieces pass to the reader until
 * the next would pass the bound, which is cut there and stops the provider (`signal`). Also says
 * what was delivered when the reply ends early, cut or left by the reader.
 */
export function cutOffAt(bound: number, forward: (text: string) => void) {
  const stop = new Stop();
  let streamed = '';
  return {
    signal: stop,
    get cut() {
      return stop.aborted;
    },
    onToken(piece: string) {
      if (stop.aborted) return;
      const wanted = streamed + piece;
      const allowed = textWithinTokens(wanted, bound);
      const part = allowed.slice(streamed.length);
      if (part) {
        streamed = allowed;
        forward(part);
      }
      if (allowed.length < wanted.length) stop.abort();
    },
    /** What the reader got of a reply that ended early. */
    endedEarly(stopReason: ReplyStopReason, imageUrl: string | null): Delivered {
      return { text: streamed, usage: null, imageUrl, stopReason, finishReason: stopReason === 'out-of-credits' ? 'length' : 'stop' };
    },
  };
}

/** A whole reply, held to the bound too: a provider that answers in one piece without streaming it is cut like a stream. */
export function deliveredWhole(reply: ProviderReply, bound: number): Delivered {
  if (estimateTokens(reply.text) > bound) {
    return { text: textWithinTokens(reply.text, bound), usage: null, imageUrl: reply.imageUrl, stopReason: 'out-of-credits', finishReason: 'length' };
  }
  return { text: reply.text, usage: reply.usage, imageUrl: reply.imageUrl, stopReason: null, finishReason: reply.finishReason === 'length' ? 'length' : 'stop' };
}
