import { createStateStore, SIGNED_OUT } from './state-store';
import type { SessionState } from './types';

const loading: SessionState = { ...SIGNED_OUT, status: 'loading' };

describe('createStateStore', () => {
  it('tells plain listeners, then auth listeners with the new state, until they unsubscribe', () => {
    const store = createStateStore(SIGNED_OUT);
    const heard: string[] = [];
    const stopPlain = store.subscribe(() => heard.push(`plain ${store.get().status}`));
    const stopAuth = store.onAuthStateChange((event, state) => heard.push(`${event} ${state.status}`));
    store.emit('MFA_REQUIRED', { ...SIGNED_OUT, status: 'mfa-required' });
    stopPlain();
    stopAuth();
    store.emit('SIGNED_OUT', SIGNED_OUT);
    expect(heard).toEqual(['plain mfa-required', 'MFA_REQUIRED mfa-required']);
  });

  it('greets a late auth listener with INITIAL_SESSION once the first check has ended, not before', async () => {
    const store = createStateStore(loading);
    const early = jest.fn();
    store.onAuthStateChange(early);
    await Promise.resolve();
    expect(early).not.toHaveBeenCalled();

    store.emit('INITIAL_SESSION', SIGNED_OUT);
    const late = jest.fn();
    store.onAuthStateChange(late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledWith('INITIAL_SESSION', SIGNED_OUT);
  });

  it('does not greet a listener that left before the greeting', async () => {
    const store = createStateStore(SIGNED_OUT);
    const listener = jest.fn();
    store.onAuthStateChange(listener)();
    await Promise.resolve();
    expect(listener).not.toHaveBeenCalled();
  });

  it('lets a listener unsubscribe another during a change without skipping anyone', () => {
    const store = createStateStore(SIGNED_OUT);
    const heard: string[] = [];
    let stopSecond: () => void = () => undefined;
    store.subscribe(() => {
      heard.push('first');
      stopSecond();
    });
    stopSecond = store.subscribe(() => heard.push('second'));
    store.emit('SIGNED_OUT', SIGNED_OUT);
    store.emit('SIGNED_OUT', SIGNED_OUT);
    expect(heard).toEqual(['first', 'second', 'first']);
  });
});
