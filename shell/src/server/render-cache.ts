/**
 * Rendered pages by URL for a short time: an operator's edit shows within `ttlMs`, and a burst of
 * visitors costs one render. Failures are not kept, so the next request tries again. Concurrent
 * misses for one URL share one render.
 */
export interface RenderCache<T> {
  get(key: string, render: () => Promise<T>): Promise<T>;
}

export function createRenderCache<T>({ ttlMs, maxEntries = 500, now = Date.now }: { ttlMs: number; maxEntries?: number; now?: () => number }): RenderCache<T> {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return {
    get(key, render) {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.value;
      entries.delete(key);
      // Oldest first: a Map iterates in insertion order.
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = render();
      const entry = { value, expiresAt: now() + ttlMs };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}
