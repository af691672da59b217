import { createStateStore, SIGNED_OUT } from '../state-store';
import type { AuthChangeEvent, SessionState } from '../types';

/**
 * A state store that also records what the client tells its listeners, in order (not the store's
 * greeting of a new listener), for the tests of the session client's parts.
 */
export function createRecordingStore(initial: SessionState = SIGNED_OUT) {
  const store = createStateStore(initial);
  const events: AuthChangeEvent[] = [];
  const emit = store.emit;
  store.emit = (event, state) => {
    events.push(event);
    emit(event, state);
  };
  return { store, events };
}
