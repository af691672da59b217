/** @jest-environment jsdom */
import * as React from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SERVER_RENDERED_ATTRIBUTE } from '../server-rendered';
import { ROUTE_DESCRIPTIONS } from './route-descriptions';

type Module = typeof import('./route-description');

/** The module as a page loads it: it notes, once, whether the server rendered the page at this address. */
function loadAt(path: string, serverRendered: boolean): Module {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = serverRendered ? `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}></div>` : '<div id="root"></div>';
  jest.resetModules();
  jest.doMock('react', () => React);
  return jest.requireActual<Module>('./route-description');
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => jest.dontMock('react'));

describe('route descriptions', () => {
  it('leaves the served page’s description to its HTML, and gives the next pages theirs', async () => {
    const { useRouteDescription } = loadAt('/about', true);
    const served = renderHook(({ path }) => useRouteDescription(path, path), { initialProps: { path: '/about' } });
    await settle();
    expect(served.result.current).toBeUndefined();

    served.rerender({ path: '/pricing' });
    await waitFor(() => expect(served.result.current).toBe(ROUTE_DESCRIPTIONS['/pricing']));
    // Back on the first address, the HTML's description is another page's by now.
    served.rerender({ path: '/about' });
    expect(served.result.current).toBe(ROUTE_DESCRIPTIONS['/about']);
  });

  it('knows the served page while it is shown, so its HTML keeps the title the server gave it (a course’s own name)', async () => {
    const { isServedPage, useRouteDescription } = loadAt('/courses/intro', true);
    expect(isServedPage('/courses/intro')).toBe(true);
    expect(isServedPage('/pricing')).toBe(false);
    renderHook(() => useRouteDescription('/pricing', '/pricing'));
    await settle();
    expect(isServedPage('/courses/intro')).toBe(false);
  });

  it('describes the first page too when the browser rendered it itself', async () => {
    const { useRouteDescription } = loadAt('/courses/intro', false);
    const { result } = renderHook(() => useRouteDescription('/courses/:courseId', '/courses/intro'));
    await waitFor(() => expect(result.current).toBe(ROUTE_DESCRIPTIONS['/courses/:courseId']));
  });
});
