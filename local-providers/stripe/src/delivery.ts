import Stripe from 'stripe';

/** One event as sent: the exact body (what the signature covers) and each attempt's answer. */
export interface DeliveredEvent {
  id: string;
  type: string;
  payload: string;
  /** The HTTP status of the latest attempt; null before the first answer or after a network error. */
  status: number | null;
  attempts: number;
}

export interface DeliveryOptions {
  /**
   * Waits before each retry of a delivery answered non-2xx (or not at all), like Stripe's
   * exponential backoff (which spreads its retries over three days in live mode).
   */
  retryDelaysMs?: readonly number[];
  /**
   * Test mode: each delivery waits a random 0..maxDelayMs (so events arrive out of order), and
   * with probability `duplicateRate` an event is delivered twice, as Stripe may. Seeded, so a
   * failing run can be replayed.
   */
  chaos?: { seed: number; maxDelayMs?: number; duplicateRate?: number };
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 25_000, 125_000, 625_000];

/** mulberry32: a small seeded generator, enough to shuffle deliveries reproducibly. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Sends signed events to the webhook URL as Stripe does: after the API call that caused them has
 * answered, each attempt signed afresh, retried with backoff until a 2xx.
 */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending = 0;
  private waiters: Array<() => void> = [];
  private readonly random: (() => number) | null;
  private closed = false;

  constructor(
    private readonly options: DeliveryOptions & {
      secret: string;
      url: () => string | undefined;
      log?: (message: string) => void;
    },
  ) {
    this.random = options.chaos ? seeded(options.chaos.seed) : null;
  }

  send(record: DeliveredEvent): void {
    const copies = this.random && this.random() < (this.options.chaos?.duplicateRate ?? 0) ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      this.pending += 1;
      this.later(this.random ? Math.floor(this.random() * ((this.options.chaos?.maxDelayMs ?? 20) + 1)) : 0, () => this.attempt(record, 0));
    }
  }

  /** Resolves once every delivery has succeeded or run out of retries (tests wait on it). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending = 0;
    this.release();
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(record: DeliveredEvent, retry: number): Promise<void> {
    const url = this.options.url();
    let ok = false;
    if (url && !this.closed) {
      record.attempts += 1;
      // Signed at each attempt with the wall clock, never the test clock: the receiver checks the
      // signature's age against its own clock.
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: record.payload, secret: this.options.secret, timestamp: Math.floor(Date.now() / 1000) });
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: record.payload });
        await response.arrayBuffer();
        record.status = response.status;
        ok = response.ok;
        this.options.log?.(`webhook ${record.type} → ${response.status}`);
      } catch (error) {
        record.status = null;
        this.options.log?.(`webhook ${record.type} not delivered: ${(error as Error).message}`);
      }
    }
    if (this.closed) return;
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    if (!ok && url && retry < delays.length) return this.later(delays[retry]!, () => this.attempt(record, retry + 1));
    this.pending -= 1;
    if (this.pending === 0) this.release();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
