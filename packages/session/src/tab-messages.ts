import { tabMessageEffect } from './session-events';
import type { SessionHolder } from './session-holder';
import type { StateStore } from './state-store';
import type { TabMessage } from './tab-sync';

/** Does here what another tab's message calls for, without telling the other tabs again. */
export function tabMessageHandler(store: StateStore, holder: SessionHolder): (message: TabMessage) => void {
  return (message) => {
    const effect = tabMessageEffect(message, store.get(), holder.current());
    if (effect.kind === 'sign-out') holder.drop('SIGNED_OUT', { broadcast: false });
    else if (effect.kind === 'update-user') holder.userUpdatedElsewhere(effect.user);
    else if (effect.kind === 'hold') holder.hold(effect.held, effect.event, { recovery: effect.recovery, broadcast: false });
  };
}
