import type * as core from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint of a service, defined once: the service's router mounts `route` under `base`,
 * and browser clients call `endpointUrl(endpoint, params, query)` and validate the answer with `response`.
 */
export interface Endpoint<
  Res extends core.$ZodType | undefined = core.$ZodType | undefined,
  Req extends core.$ZodType | undefined = undefined,
  R extends string = string,
  Q extends core.$ZodType | undefined = undefined,
> {
  method: HttpMethod;
  /** Where the service's router for this endpoint is mounted, e.g. `/api/catalog`. */
  base: string;
  /** The express path under `base`, e.g. `/courses/:id`. */
  route: R;
  /** The body the endpoint accepts, when it takes one. */
  request: Req;
  /** The body it answers with; undefined for answers without a body (204) or a stream. */
  response: Res;
  /** The query string it reads, as the server parses it; the client sends its input form. */
  query: Q;
}

export function defineEndpoint<
  const R extends string,
  Res extends core.$ZodType | undefined,
  Req extends core.$ZodType | undefined = undefined,
  Q extends core.$ZodType | undefined = undefined,
>(method: HttpMethod, base: string, route: R, schemas: { response: Res; request?: Req; query?: Q }): Endpoint<Res, Req, R, Q> {
  return { method, base, route, response: schemas.response, request: schemas.request as Req, query: schemas.query as Q };
}

/** `:name` segments of a route, e.g. `{ id: string }` for `/courses/:id`. */
export type RouteParams<R extends string> = R extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof RouteParams<`/${Rest}`>]: string }
  : R extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** A query value as sent: a scalar written out, or absent. */
export type QueryValue = string | number | boolean | undefined;

/** The query string of a call, without `?`, in the order given; absent values are left out. */
export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(name, String(value));
  return search.toString();
}

/** The URL path of an endpoint with its `:params` filled in, each one percent-encoded. */
export function endpointUrl<R extends string>(endpoint: { base: string; route: R }, ...params: keyof RouteParams<R> extends never ? [] : [RouteParams<R>]): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  const path = endpoint.route.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${endpoint.route}`);
    return encodeURIComponent(value);
  });
  return `${endpoint.base}${path}`;
}

/** `METHOD /base/route`, as the services' access tables and a router's stack name an endpoint. */
export const endpointKey = (endpoint: { method: HttpMethod; base: string; route: string }) => `${endpoint.method} ${endpoint.base}${endpoint.route}`;
