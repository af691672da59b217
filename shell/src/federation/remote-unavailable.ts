import type { RemoteName } from '../remotes';

/** A micro-frontend (or one of its pages) could not be loaded; the shell shows its fallback. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: RemoteName | string,
    options?: { cause?: unknown },
  ) {
    super(`The "${remote}" micro-frontend could not be loaded`, options);
  }
}
