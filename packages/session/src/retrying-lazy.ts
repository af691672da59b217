/** Loads something once on first use; a load that failed (a chunk that did not arrive) is tried again next time. */
export function retryingLazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
