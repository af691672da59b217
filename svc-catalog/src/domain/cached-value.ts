/**
 * A value that is expensive to read and rarely changes (the public plan list is read on every
 * pricing view and changes only when an admin edits a plan). Local writes invalidate it at once;
 * the time limit bounds how long another replica's write can go unseen.
 */
export class CachedValue<T> {
  private cached: { value: Promise<T>; loadedAt: number } | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.cached && this.now() - this.cached.loadedAt < this.maxAgeMs) return this.cached.value;
    const value = this.load();
    const entry = { value, loadedAt: this.now() };
    this.cached = entry;
    // A failed load must not be served from the cache until it expires.
    value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return value;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
