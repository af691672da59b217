/**
 * Shares one promise per key between callers, remembering only the last `capacity` keys (oldest
 * forgotten first), so a long-lived page that is asked for many keys does not grow without bound.
 */
export function sharedByKey<T>(capacity: number): { get(key: string, start: () => Promise<T>): Promise<T>; readonly size: number } {
  const entries = new Map<string, Promise<T>>();
  return {
    get(key, start) {
      const known = entries.get(key);
      if (known) return known;
      const started = start();
      entries.set(key, started);
      // A Map iterates in insertion order: its first key is the oldest.
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return started;
    },
    get size() {
      return entries.size;
    },
  };
}
