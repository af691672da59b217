import { type Endpoint, endpointUrl, type QueryValue, queryString, type RouteParams } from '@agentdock/contracts';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { ApiError, errorFromResponse, readJson } from './api-error';
import { createWire } from './wire';

export interface ApiClientOptions {
  /** Origin or path prefix of the gateway; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  newRequestId?: () => string;
  /** The current access token, if any; sent as a bearer token on every call. */
  getAccessToken?: () => string | null | Promise<string | null>;
  /**
   * Called once when a call with a token answers 401 (the token may have expired meanwhile);
   * resolve true after getting a new token to have the call retried once with it.
   */
  onUnauthorized?: () => Promise<boolean>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** One request on the wire, as `call` builds it from an endpoint. */
interface RequestOptions<S extends core.$ZodType> extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the answer; omit for answers without a body (204). */
  schema?: S;
  /** Send the cookies of the page's origin too (the identity service's refresh cookie). */
  credentials?: RequestCredentials;
}

/**
 * What `call` sends: the route's `:params`, the query for endpoints that read one (its input form:
 * what goes on the wire before the server parses it) and, for endpoints that take one, the body.
 */
export type EndpointCallOptions<E extends AnyEndpoint> = CallOptions &
  (keyof RouteParams<E['route']> extends never ? { params?: undefined } : { params: RouteParams<E['route']> }) &
  (E['request'] extends core.$ZodType ? { body: core.input<E['request']> } : { body?: undefined }) &
  (E['query'] extends core.$ZodType ? { query: core.input<E['query']> & Record<string, QueryValue> } : { query?: undefined }) & {
    /** Send the cookies of the page's origin too (the identity service's refresh cookie). */
    credentials?: RequestCredentials;
  };

export type AnyEndpoint = Endpoint<core.$ZodType | undefined, core.$ZodType | undefined, string, core.$ZodType | undefined>;

export type EndpointAnswer<E extends AnyEndpoint> = E['response'] extends core.$ZodType ? core.output<E['response']> : undefined;

export interface ApiClient {
  /** An endpoint defined in the contracts: its method and URL, its answer validated by its schema. */
  call<E extends AnyEndpoint>(
    endpoint: E,
    ...options: keyof RouteParams<E['route']> extends never
      ? E['request'] extends core.$ZodType
        ? [EndpointCallOptions<E>]
        : E['query'] extends core.$ZodType
          ? [EndpointCallOptions<E>]
          : [EndpointCallOptions<E>?]
      : [EndpointCallOptions<E>]
  ): Promise<EndpointAnswer<E>>;
  /** An endpoint that answers a file (an admin CSV export): its bytes and the file name the server gave. */
  download<E extends AnyEndpoint>(endpoint: E, options: EndpointCallOptions<E>): Promise<DownloadedFile>;
}

export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition`; null when the server named none. */
  fileName: string | null;
}

const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { send, nextId } = createWire(options);

  async function request<S extends core.$ZodType>(path: string, { method = 'GET', body, schema, signal, credentials }: RequestOptions<S> = {}): Promise<core.output<S>> {
    const requestId = nextId();
    const init: RequestInit = { method, signal, credentials };
    if (body instanceof Blob) {
      // A file (a knowledge upload) goes as its bytes.
      init.body = body;
      init.headers = { 'content-type': 'application/octet-stream' };
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'content-type': 'application/json' };
    }
    const response = await send(path, init, requestId);
    if (!response.ok) throw await errorFromResponse(response, requestId);
    if (!schema) return undefined as core.output<S>;
    // The functional parse takes zod and zod/mini schemas alike.
    const parsed = z.safeParse(schema, await readJson(response));
    if (!parsed.success) {
      throw new ApiError(response.status, 'invalid_response', 'The server sent a response this page cannot read.', [], requestId);
    }
    return parsed.data;
  }

  function urlOf(endpoint: AnyEndpoint, options: object | undefined) {
    const { params, query } = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, QueryValue> };
    const path = (endpointUrl as (e: { base: string; route: string }, p?: Record<string, string>) => string)(endpoint, params);
    const search = queryString(query);
    return search ? `${path}?${search}` : path;
  }

  function call<E extends AnyEndpoint>(endpoint: E, options?: EndpointCallOptions<E>): Promise<EndpointAnswer<E>> {
    const { body, signal, credentials } = (options ?? {}) as { body?: unknown; signal?: AbortSignal; credentials?: RequestCredentials };
    return request(urlOf(endpoint, options), { method: endpoint.method, body, signal, credentials, schema: endpoint.response }) as Promise<EndpointAnswer<E>>;
  }

  async function download<E extends AnyEndpoint>(endpoint: E, options: EndpointCallOptions<E>): Promise<DownloadedFile> {
    const requestId = nextId();
    const response = await send(urlOf(endpoint, options), { method: endpoint.method, signal: options.signal }, requestId);
    if (!response.ok) throw await errorFromResponse(response, requestId);
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  // Only `call` and `download`: every URL the browser asks for comes from an endpoint of the contracts.
  return { call: call as ApiClient['call'], download };
}
