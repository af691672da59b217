import { isAbortError } from './abort';
import { ApiError } from './api-error';
import type { ApiClientOptions } from './client';
import { newRequestId } from './request-id';

/**
 * The one way a call reaches the network (JSON call or event stream alike), so request ids, access
 * tokens and the retry after a 401 live in one place.
 */
export function createWire({
  baseUrl = '',
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  newRequestId: nextId = newRequestId,
  getAccessToken,
  onUnauthorized,
}: ApiClientOptions) {
  async function send(path: string, init: RequestInit, requestId: string): Promise<Response> {
    // Only wait when there is a token source, so an anonymous call reaches fetch in the same tick.
    const token = getAccessToken ? await getAccessToken() : null;
    const response = await sendOnce(path, init, requestId, token);
    if (response.status !== 401 || !token || !onUnauthorized) return response;
    if (!(await onUnauthorized())) return response;
    return sendOnce(path, init, requestId, (await getAccessToken?.()) ?? null);
  }

  async function sendOnce(path: string, init: RequestInit, requestId: string, token: string | null): Promise<Response> {
    const headers = new Headers(init.headers);
    // JSON unless the caller asks for another type (an event stream).
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    headers.set('x-request-id', requestId);
    if (token) headers.set('authorization', `Bearer ${token}`);
    try {
      // Waiting for the token may outlast an abort; a real fetch would reject at once too.
      init.signal?.throwIfAborted();
      return await fetchImpl(`${baseUrl}${path}`, { ...init, headers });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.', [], requestId);
    }
  }

  return { send, nextId };
}
