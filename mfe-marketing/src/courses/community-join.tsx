import { useEffect, useRef } from 'react';
import { AnchorButton, CopyButton } from '@agentdock/ui';

/** A community member's invite: the join text, the link to copy and the button to open it. */
export function JoinCommunity({ inviteUrl, focus }: { inviteUrl: string; focus: boolean }) {
  const joinText = useRef<HTMLDivElement>(null);
  // Back from paying, the button that had focus is gone: keyboard users continue from the join text.
  useEffect(() => {
    if (focus) joinText.current?.focus();
  }, [focus]);
  return (
    <div ref={joinText} className="mk-join" role="status" tabIndex={-1}>
      <p>
        <strong>Welcome aboard!</strong> Join our Discord community with the invite link below: the course, live sessions and members' questions all happen there.
      </p>
      <div className="mk-invite">
        <label className="ad-field__label" htmlFor="community-invite">
          Community invite link
        </label>
        <div className="mk-invite__row">
          <input id="community-invite" className="ad-input" readOnly value={inviteUrl} onFocus={(event) => event.target.select()} />
          <CopyButton text={inviteUrl} label="Copy link" />
        </div>
      </div>
      <AnchorButton href={inviteUrl} target="_blank" rel="noopener noreferrer" size="lg" block>
        Join Discord Community
        <span className="ad-visually-hidden"> (opens in a new tab)</span>
      </AnchorButton>
    </div>
  );
}
