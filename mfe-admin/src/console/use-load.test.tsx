/** @jest-environment @agentdock/session/jsdom-environment */
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { testQueryClient } from '../testing';
import { ADMIN_QUERY_KEY, useLoad } from './use-load';

/** A loader whose answers the test hands out one by one. */
function answers<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal }> = [];
  const load = jest.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject, signal });
      }),
  );
  return { load, pending };
}

function setup<T>(load: (signal: AbortSignal) => Promise<T>, key = 'one') {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(({ loadKey }: { loadKey: string }) => useLoad(load, loadKey), { wrapper, initialProps: { loadKey: key } });
  return { ...view, client };
}

describe('useLoad', () => {
  it('is loading until the answer comes, then holds it', async () => {
    const { load, pending } = answers<string>();
    const { result } = setup(load);
    expect(result.current).toMatchObject({ data: undefined, error: undefined, loading: true });
    await act(async () => pending[0]!.resolve('plans'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'plans', error: undefined, loading: false }));
  });

  it('reports a failure, and a reload that answers clears it', async () => {
    const { load, pending } = answers<string>();
    const { result } = setup(load);
    const failure = new Error('down');
    await act(async () => pending[0]!.reject(failure));
    await waitFor(() => expect(result.current).toMatchObject({ data: undefined, error: failure, loading: false }));
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(result.current.loading).toBe(true);
    await act(async () => pending[1]!.resolve('back'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'back', error: undefined, loading: false }));
  });

  it('keeps the previous answer on screen while a new key loads, and aborts a load the new key replaced', async () => {
    const { load, pending } = answers<string>();
    const { result, rerender } = setup(load, 'page 1');
    await act(async () => pending[0]!.resolve('first page'));
    await waitFor(() => expect(result.current.data).toBe('first page'));
    rerender({ loadKey: 'page 2' });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(result.current).toMatchObject({ data: 'first page', loading: true });
    rerender({ loadKey: 'page 3' });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    expect(pending[1]!.signal.aborted).toBe(true);
    await act(async () => pending[2]!.resolve('third page'));
    await waitFor(() => expect(result.current.data).toBe('third page'));
  });

  it("takes an action's answer without a round trip, and loads again when a mutation invalidates the console's reads", async () => {
    const { load, pending } = answers<string[]>();
    const { result, client } = setup(load);
    await act(async () => pending[0]!.resolve(['a']));
    await waitFor(() => expect(result.current.data).toEqual(['a']));
    act(() => result.current.setData((current) => [...(current ?? []), 'b']));
    await waitFor(() => expect(result.current.data).toEqual(['a', 'b']));
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => void client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await act(async () => pending[1]!.resolve(['a', 'b', 'c']));
    await waitFor(() => expect(result.current.data).toEqual(['a', 'b', 'c']));
  });

  it('aborts the load still running when the component goes', async () => {
    const { load, pending } = answers<string>();
    const { unmount } = setup(load);
    await waitFor(() => expect(pending).toHaveLength(1));
    unmount();
    await waitFor(() => expect(pending[0]!.signal.aborted).toBe(true));
  });
});
