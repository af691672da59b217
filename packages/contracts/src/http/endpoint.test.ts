import * as z from 'zod/mini';
import { defineEndpoint, endpointUrl } from './endpoint';

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
