import { createChallengeSlot } from './challenge-slot';
import { createSessionHolder } from './session-holder';
import { tabMessageHandler } from './tab-messages';
import type { TabMessage } from './tab-sync';
import { createRecordingStore } from './testing/recording-store';
import { sessionFixture, userFixture } from './testing/fake-identity';

function setup() {
  const { store, events } = createRecordingStore();
  const posted: TabMessage[] = [];
  const scheduler = { beforeExpiry: jest.fn(), retryLater: jest.fn(), cancel: jest.fn() };
  const holder = createSessionHolder({
    store,
    hint: { set: jest.fn(), clear: jest.fn() },
    channel: { post: (message) => void posted.push(message), listen: () => undefined },
    scheduler,
    challenge: createChallengeSlot(),
    now: Date.now,
  });
  return { store, events, posted, holder, receive: tabMessageHandler(store, holder) };
}

describe('tabMessageHandler', () => {
  it("holds another tab's session, ignores it the second time, and never sends it back", () => {
    const { receive, holder, events, posted } = setup();
    const held = { session: sessionFixture(), expiresAtMs: Date.now() + 900_000 };
    receive({ type: 'signed-in', held });
    receive({ type: 'signed-in', held });
    expect(holder.current()).toBe(held);
    expect(events).toEqual(['SIGNED_IN']);
    expect(posted).toEqual([]);
  });

  it("takes another tab's profile change and sign-out, without telling the tabs again", () => {
    const { receive, holder, events, store, posted } = setup();
    receive({ type: 'signed-in', held: { session: sessionFixture(), expiresAtMs: Date.now() + 900_000 } });
    const user = userFixture({ fullName: 'Ada King' });
    receive({ type: 'user-updated', user });
    expect(store.get().user).toEqual(user);
    expect(holder.current()!.session.user).toEqual(user);

    receive({ type: 'signed-out' });
    receive({ type: 'signed-out' });
    expect(holder.current()).toBeNull();
    expect(events).toEqual(['SIGNED_IN', 'USER_UPDATED', 'SIGNED_OUT']);
    expect(posted).toEqual([]);
  });
});
