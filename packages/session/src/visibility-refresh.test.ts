import { createChallengeSlot } from './challenge-slot';
import { createSessionHolder } from './session-holder';
import { createStateStore, SIGNED_OUT } from './state-store';
import { sessionFixture } from './testing/fake-identity';
import { refreshWhenVisible } from './visibility-refresh';

function setup() {
  let nowMs = 0;
  const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const holder = createSessionHolder({
    store: createStateStore(SIGNED_OUT),
    hint: { set: jest.fn(), clear: jest.fn() },
    channel: null,
    scheduler: { beforeExpiry: jest.fn(), retryLater: jest.fn(), cancel: jest.fn() },
    challenge: createChallengeSlot(),
    now: () => nowMs,
  });
  const refresh = jest.fn();
  refreshWhenVisible(doc as unknown as Document, holder, refresh);
  const show = () => {
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const hide = () => {
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { holder, refresh, show, hide, advance: (ms: number) => void (nowMs += ms) };
}

describe('refreshWhenVisible', () => {
  it('refreshes when the tab comes back with a token about to expire', () => {
    const { holder, refresh, show, hide, advance } = setup();
    holder.hold(holder.received(sessionFixture({ expiresIn: 900 })), 'SIGNED_IN');
    advance(895_000);
    hide();
    expect(refresh).not.toHaveBeenCalled();
    show();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves a token with time to go, and a signed-out tab, alone', () => {
    const { holder, refresh, show, advance } = setup();
    show();
    holder.hold(holder.received(sessionFixture({ expiresIn: 900 })), 'SIGNED_IN');
    advance(60_000);
    show();
    expect(refresh).not.toHaveBeenCalled();
  });
});
