import { createParser } from 'eventsource-parser';

/** One event of a text/event-stream: its name (absent means "message") and its data lines joined by "\n". */
export interface ServerSentEvent {
  event?: string;
  data: string;
  id?: string;
}

/**
 * The events of a streamed body as they arrive. The parser follows the spec (every `data:` line,
 * CRLF, comments, events split across chunks anywhere), which a hand-written split does not.
 * Leaving the loop early (the consumer has what it wanted) cancels the body.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent, void, undefined> {
  const ready: ServerSentEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data, id }) => ready.push({ data, ...(event ? { event } : {}), ...(id ? { id } : {}) }) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        parser.feed(decoder.decode());
        // A last event without its blank line is incomplete: the spec drops it, and so do we.
        yield* ready.splice(0);
        return;
      }
      // `stream: true` keeps a character split between chunks whole.
      parser.feed(decoder.decode(value, { stream: true }));
      yield* ready.splice(0);
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
