/**
 * What a replica keeps in memory from its reads, each entry for `maxAgeMs` after it was read and
 * at most `maxEntries` in all (the oldest makes room): enough for every active key of a large
 * platform, and a flood of new keys cannot grow it.
 */
export class AgedEntries<T> {
  private readonly entries = new Map<string, { value: T; readAt: number }>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** The entry read within `maxAgeMs` of `now`, else undefined. */
  get(id: string, now: number): T | undefined {
    const entry = this.entries.get(id);
    return entry && now - entry.readAt < this.maxAgeMs ? entry.value : undefined;
  }

  set(id: string, value: T, readAt: number): void {
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { value, readAt });
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  deleteWhere(matches: (value: T) => boolean): void {
    for (const [id, entry] of this.entries) if (matches(entry.value)) this.entries.delete(id);
  }
}
