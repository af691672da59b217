import type { ServerResponse } from 'node:http';

/**
 * What a reply's path reads of the signal that stops it: whether it stopped, why, and a listener
 * for when it does. An `AbortSignal` is one (tests and the agent platform's `fetch` use those);
 * so is a `Stop`, which the reply path makes for itself, and undici takes either as `signal`.
 */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * A stop signal and its trigger in one plain object, made for each reply (the caller's leaving,
 * the cut at the reservation's bound, the provider call's timeout). Not an `AbortController`:
 * on Node 20 an `AbortSignal` that was given a listener survives every scavenge until the next
 * mark-compact, with all it and its listeners hold, so each reply's state outlived its request by
 * seconds and filled the old generation; a plain object is young garbage once the reply is done.
 * Listeners run once, in the order they were added.
 */
export class Stop implements StopSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: Array<() => void> = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.listeners.indexOf(listener);
    if (index >= 0) this.listeners.splice(index, 1);
  }

  /** Stops with `reason` (the first reason wins; later calls do nothing). */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

/**
 * A stop for a request's reply that stops when the caller goes away before the answer is complete
 * (the reply is then charged for what was generated); a response that finished stops nothing.
 */
export function stopWhenCallerLeaves(res: ServerResponse): Stop {
  const stop = new Stop();
  res.on('close', () => {
    if (!res.writableFinished) stop.abort();
  });
  return stop;
}

/**
 * A stop that follows either of two signals (with the reason of the one that stopped first), and
 * `release`, which detaches it from both once the call it was made for is over, so a long-lived
 * source does not keep it.
 */
export function eitherStop(first: StopSignal, second: StopSignal): { signal: Stop; release(): void } {
  const stop = new Stop();
  const stopped = first.aborted ? first : second.aborted ? second : undefined;
  if (stopped) {
    stop.abort(stopped.reason);
    return { signal: stop, release: () => undefined };
  }
  const follow = () => {
    stop.abort(first.aborted ? first.reason : second.reason);
    release();
  };
  const release = () => {
    first.removeEventListener('abort', follow);
    second.removeEventListener('abort', follow);
  };
  first.addEventListener('abort', follow);
  second.addEventListener('abort', follow);
  return { signal: stop, release };
}
