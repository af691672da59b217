import type { ChatMessage } from '@agentdock/contracts';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Pending } from './stream-reducer';

/** Within this many pixels of the end, the pane counts as following the reply. */
const FOLLOW_SLACK = 48;

/**
 * Keeps the conversation pane at its end while the reader is there, so the reply stays in view as
 * it streams; once the reader scrolls up the view stays put until "Jump to latest" or the next send.
 */
export function useFollowScroll(messages: ChatMessage[] | null, pending: Pending | null) {
  const paneRef = useRef<HTMLDivElement>(null);
  const [following, setFollowingState] = useState(true);
  // Read by the scroll-to-end effect: set in the wheel or key event itself, it holds even when a
  // token's render runs before React has rendered the state change.
  const followingRef = useRef(true);
  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  }, []);

  useEffect(() => {
    const pane = paneRef.current;
    if (pane && followingRef.current) pane.scrollTop = pane.scrollHeight;
  }, [messages, pending, following]);

  // Scrolling up stops the following before the browser scrolls: the listener is not passive, so
  // the wheel's scroll starts only once it has run. With a passive one the scroll could start
  // first, and a token arriving in between moved the view back to the end, cancelling the reader's
  // scroll.
  useEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) setFollowing(false);
    };
    pane.addEventListener('wheel', onWheel, { passive: false });
    return () => pane.removeEventListener('wheel', onWheel);
  }, [setFollowing]);

  const resumeFollowing = useCallback(() => setFollowing(true), [setFollowing]);
  const onScroll = () => {
    const pane = paneRef.current;
    if (pane) setFollowing(pane.scrollHeight - pane.scrollTop - pane.clientHeight < FOLLOW_SLACK);
  };
  // Scrolling up by keyboard stops the following at once, in the key event itself: waiting for the
  // scroll event would let a token that lands in between pull the view back to the end.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The pane itself scrolling, not the caret moving in the edit box inside it.
    if (event.target === event.currentTarget && ['ArrowUp', 'PageUp', 'Home'].includes(event.key)) setFollowing(false);
  };
  const jumpToLatest = () => {
    const pane = paneRef.current;
    if (pane) pane.scrollTop = pane.scrollHeight;
    setFollowing(true);
  };

  return { paneRef, following, resumeFollowing, onScroll, onKeyDown, jumpToLatest };
}
