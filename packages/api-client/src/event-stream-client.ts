import { endpointUrl } from '@agentdock/contracts';
import { ApiError, errorFromResponse } from './api-error';
import type { AnyEndpoint, ApiClientOptions, EndpointCallOptions } from './client';
import { readEvents, type ServerSentEvent } from './server-sent-events';
import { createWire } from './wire';

export interface EventStreamClient {
  /**
   * An endpoint whose accepted answer is a text/event-stream, read as it arrives: the same request
   * id, token and one retry after a 401 as `call`; a refusal (non-2xx) throws its ApiError before
   * any event, a dropped connection ends the events early.
   */
  stream<E extends AnyEndpoint>(endpoint: E, options: EndpointCallOptions<E>): AsyncGenerator<ServerSentEvent, void, undefined>;
}

/** Its own factory, not a method of the JSON client: pages that never stream (the public ones) do not carry the parser. */
export function createEventStreamClient(options: ApiClientOptions = {}): EventStreamClient {
  const { send, nextId } = createWire(options);

  async function* stream<E extends AnyEndpoint>(endpoint: E, callOptions: EndpointCallOptions<E>): AsyncGenerator<ServerSentEvent, void, undefined> {
    const { params, body, signal, credentials } = callOptions as { params?: Record<string, string>; body?: unknown; signal?: AbortSignal; credentials?: RequestCredentials };
    const url = (endpointUrl as (e: { base: string; route: string }, p?: Record<string, string>) => string)(endpoint, params);
    const requestId = nextId();
    const init: RequestInit = { method: endpoint.method, signal, credentials, headers: { accept: 'text/event-stream' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { accept: 'text/event-stream', 'content-type': 'application/json' };
    }
    const response = await send(url, init, requestId);
    if (!response.ok) throw await errorFromResponse(response, requestId);
    if (!response.body) throw new ApiError(response.status, 'invalid_response', 'The server sent a response this page cannot read.', [], requestId);
    yield* readEvents(response.body);
  }

  return { stream };
}
