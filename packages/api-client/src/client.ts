import { planList, type Plan } from '@agentdock/contracts';
import type { z } from 'zod';
import { ApiError, errorFromResponse, isAbortError, readJson } from './api-error';
import { newRequestId } from './request-id';

export interface ApiClientOptions {
  /** Origin or path prefix of the gateway; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  newRequestId?: () => string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ApiClient {
  getPlans(options?: CallOptions): Promise<Plan[]>;
}

export function createApiClient({
  baseUrl = '',
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  newRequestId: nextId = newRequestId,
}: ApiClientOptions = {}): ApiClient {
  /**
   * The one way a call reaches the network, so request-wide concerns (request ids today; access
   * tokens and refresh-on-401 with identity) live in one place.
   */
  async function send(path: string, init: RequestInit, requestId: string): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    headers.set('x-request-id', requestId);
    try {
      return await fetchImpl(`${baseUrl}${path}`, { ...init, headers });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.', [], requestId);
    }
  }

  async function getJson<S extends z.ZodType>(path: string, schema: S, { signal }: CallOptions = {}): Promise<z.infer<S>> {
    const requestId = nextId();
    const response = await send(path, { method: 'GET', signal }, requestId);
    if (!response.ok) throw await errorFromResponse(response, requestId);
    const body = schema.safeParse(await readJson(response));
    if (!body.success) {
      throw new ApiError(response.status, 'invalid_response', 'The server sent a response this page cannot read.', [], requestId);
    }
    return body.data;
  }

  return {
    async getPlans(options) {
      return (await getJson('/api/catalog/plans', planList, options)).plans;
    },
  };
}
