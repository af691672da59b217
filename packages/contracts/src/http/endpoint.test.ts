import * as z from 'zod/mini';
import { defineEndpoint, endpointKey, endpointUrl, queryString } from './endpoint';

const course = defineEndpoint('GET', '/api/catalog', '/courses/:id', { response: z.object({ id: z.string() }) });
const member = defineEndpoint('DELETE', '/api/catalog', '/admin/courses/:id/enrolments/:userId', { response: undefined });
const list = defineEndpoint('GET', '/api/catalog', '/courses', { response: z.object({ ids: z.array(z.string()) }) });

describe('endpointUrl', () => {
  it('is the base and the route when the route has no parameters', () => {
    expect(endpointUrl(list)).toBe('/api/catalog/courses');
  });

  it('fills in every parameter, percent-encoded, so a value cannot add path segments', () => {
    expect(endpointUrl(course, { id: 'ai-fundamentals' })).toBe('/api/catalog/courses/ai-fundamentals');
    expect(endpointUrl(course, { id: '../admin plans?x=1' })).toBe('/api/catalog/courses/..%2Fadmin%20plans%3Fx%3D1');
    expect(endpointUrl(member, { id: 'c1', userId: 'u/2' })).toBe('/api/catalog/admin/courses/c1/enrolments/u%2F2');
  });

  it('refuses to build a URL with a parameter missing', () => {
    expect(() => endpointUrl(member, { id: 'c1' } as { id: string; userId: string })).toThrow(':userId');
  });
});

describe('defineEndpoint', () => {
  it('keeps the method, the route and the schemas together', () => {
    expect(course).toMatchObject({ method: 'GET', base: '/api/catalog', route: '/courses/:id', request: undefined });
    expect(course.response.parse({ id: 'x', extra: 1 })).toEqual({ id: 'x' });
  });
});

describe('queryString', () => {
  it('writes the values out in the order given and leaves absent ones out', () => {
    expect(queryString({ limit: 50, offset: 0, q: undefined, ids: 'a,b' })).toBe('limit=50&offset=0&ids=a%2Cb');
    expect(queryString({ q: 'ada lovelace&x=1' })).toBe('q=ada+lovelace%26x%3D1');
  });

  it('is empty without a query', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ q: undefined })).toBe('');
  });
});

describe('endpointKey', () => {
  it('is the method and the full route, as an express router stack names it', () => {
    expect(endpointKey(member)).toBe('DELETE /api/catalog/admin/courses/:id/enrolments/:userId');
  });
});
