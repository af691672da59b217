import { ApiError } from '@agentdock/api-client';
import { CATALOG_ENDPOINTS, CHAT_ENDPOINTS, IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { createStateStore, SIGNED_OUT } from './state-store';
import { sessionFixture } from './testing/fake-identity';
import type { Transport } from './transport';
import { createUserCalls } from './user-calls';

function setup(status: 'signed-in' | 'signed-out', call: jest.Mock) {
  const session = sessionFixture();
  const store = createStateStore(status === 'signed-in' ? { ...SIGNED_OUT, status, session, user: session.user } : SIGNED_OUT);
  const transport = { api: { call } } as unknown as Transport;
  const endSession = jest.fn();
  return { endSession, ...createUserCalls(async () => transport, store, endSession) };
}

describe('createUserCalls', () => {
  it('passes calls and answers through', async () => {
    const call = jest.fn(async () => ({ plans: [] }));
    const { api, endSession } = setup('signed-in', call);
    const page = new AbortController();
    expect(await api.call(CATALOG_ENDPOINTS.plans, { signal: page.signal })).toEqual({ plans: [] });
    const [[endpoint, options]] = call.mock.calls as unknown as [[unknown, { signal: AbortSignal }]];
    expect(endpoint).toBe(CATALOG_ENDPOINTS.plans);
    // The page's own abort still reaches the call.
    page.abort();
    expect(options.signal.aborted).toBe(true);
    expect(endSession).not.toHaveBeenCalled();
  });

  it('ends the session when a service says the account is suspended, and still rejects the call', async () => {
    const suspended = new ApiError(403, IDENTITY_ERROR_CODES.accountSuspended, 'Suspended');
    const { api, endSession } = setup('signed-in', jest.fn().mockRejectedValue(suspended));
    await expect(api.call(CHAT_ENDPOINTS.wallet)).rejects.toBe(suspended);
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on any other refusal, and has none to end when signed out', async () => {
    const forbidden = new ApiError(403, 'forbidden', 'No');
    const other = setup('signed-in', jest.fn().mockRejectedValue(forbidden));
    await expect(other.api.call(CHAT_ENDPOINTS.usage)).rejects.toBe(forbidden);
    expect(other.endSession).not.toHaveBeenCalled();

    const suspended = new ApiError(403, IDENTITY_ERROR_CODES.accountSuspended, 'Suspended');
    const signedOut = setup('signed-out', jest.fn().mockRejectedValue(suspended));
    await expect(signedOut.asUser((t) => t.api.call(CHAT_ENDPOINTS.wallet))).rejects.toBe(suspended);
    expect(signedOut.endSession).not.toHaveBeenCalled();
  });

  it('a sign-out aborts the calls on their way and refuses new ones until it is over', async () => {
    const signals: AbortSignal[] = [];
    const call = jest.fn(async (_endpoint: unknown, options: { signal: AbortSignal }) => {
      signals.push(options.signal);
      return { plans: [] };
    });
    const { api, holdForSignOut } = setup('signed-in', call);
    await api.call(CATALOG_ENDPOINTS.plans);
    const release = holdForSignOut();
    expect(signals[0]!.aborted).toBe(true);
    await expect(api.call(CATALOG_ENDPOINTS.plans)).rejects.toMatchObject({ name: 'AbortError' });
    expect(call).toHaveBeenCalledTimes(1);

    release();
    await api.call(CATALOG_ENDPOINTS.plans);
    expect(call).toHaveBeenCalledTimes(2);
    expect(signals[1]!.aborted).toBe(false);
  });
});
