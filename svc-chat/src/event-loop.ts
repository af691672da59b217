/**
 * Resolves once the event loop has polled for I/O again: what was written before it has left, and
 * what arrived meanwhile (the gateway's read of it, where the gateway shares the process) has been
 * handled. The first `setImmediate` runs before the next poll, the second after it. A timer would
 * do the same only after its clock's millisecond has passed: a millisecond added to every reply.
 */
export function nextPollPhase(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/**
 * A signal that aborts as soon as either of two does (with that one's reason), and `release`,
 * which detaches it from both once the call it was made for is over. AbortSignal.any does the
 * same through weak references to its sources, which cost each reply more CPU, and each garbage
 * collection more work, than two listeners taken off again.
 */
export function eitherSignal(first: AbortSignal, second: AbortSignal): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const aborted = first.aborted ? first : second.aborted ? second : undefined;
  if (aborted) {
    controller.abort(aborted.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  const abort = () => {
    controller.abort(first.aborted ? first.reason : second.reason);
    release();
  };
  const release = () => {
    first.removeEventListener('abort', abort);
    second.removeEventListener('abort', abort);
  };
  first.addEventListener('abort', abort);
  second.addEventListener('abort', abort);
  return { signal: controller.signal, release };
}
