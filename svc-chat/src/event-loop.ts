/**
 * Resolves once the event loop has polled for I/O again: what was written before it has left, and
 * what arrived meanwhile (the gateway's read of it, where the gateway shares the process) has been
 * handled. The first `setImmediate` runs before the next poll, the second after it. A timer would
 * do the same only after its clock's millisecond has passed: a millisecond added to every reply.
 */
export function nextPollPhase(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
