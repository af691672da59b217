// Its own module, without zod: a page that only tells aborts apart (e.g. a hook that cancels its
// fetch) imports this and not the client and its contracts.
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
