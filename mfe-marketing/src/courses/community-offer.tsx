import { useEffect, useRef, useState } from 'react';
import type { CommunityOffer } from '@agentdock/contracts';
import { AnchorButton, Button, Card, CopyButton } from '@agentdock/ui';

/** The $50/month community course: what you learn, and the subscribe box that reveals the invite. */
export function CommunityOfferSection({ offer }: { offer: CommunityOffer }) {
  return (
    <section className="mk-offer" aria-labelledby="offer-title">
      <div>
        <h2 id="offer-title">What you'll learn</h2>
        <ul className="ad-plain-list mk-learnings">
          {offer.learnings.map((learning) => (
            <li key={learning}>
              <span className="mk-learnings__check" aria-hidden="true">
                ✓
              </span>
              {learning}
            </li>
          ))}
        </ul>
      </div>
      <SubscribeBox offer={offer} />
    </section>
  );
}

function SubscribeBox({ offer }: { offer: CommunityOffer }) {
  const [joined, setJoined] = useState(false);
  const joinText = useRef<HTMLDivElement>(null);
  // The button that had focus is gone once clicked; keyboard users continue from the join text.
  useEffect(() => {
    if (joined) joinText.current?.focus();
  }, [joined]);
  return (
    <Card highlight className="mk-subscribe" aria-labelledby="subscribe-title">
      <h3 id="subscribe-title">{offer.title}</h3>
      <p className="mk-subscribe__price">
        <span className="mk-subscribe__amount">${offer.price}</span> per month
      </p>
      <p className="ad-muted">Cancel anytime.</p>
      {joined ? (
        <div ref={joinText} className="mk-join" role="status" tabIndex={-1}>
          <p>
            <strong>Welcome aboard!</strong> Join our Discord community with the invite link below: the course, live sessions and
            members' questions all happen there.
          </p>
          <div className="mk-invite">
            <label className="ad-field__label" htmlFor="community-invite">
              Community invite link
            </label>
            <div className="mk-invite__row">
              <input id="community-invite" className="ad-input" readOnly value={offer.inviteUrl} onFocus={(event) => event.target.select()} />
              <CopyButton text={offer.inviteUrl} label="Copy link" />
            </div>
          </div>
          <AnchorButton href={offer.inviteUrl} target="_blank" rel="noopener noreferrer" size="lg" block>
            Join Discord Community
            <span className="ad-visually-hidden"> (opens in a new tab)</span>
          </AnchorButton>
        </div>
      ) : (
        <Button size="lg" block onClick={() => setJoined(true)}>
          Subscribe &amp; Get Discord Access
        </Button>
      )}
    </Card>
  );
}

/** The community's figures: students, completion and rating. */
export function CommunityStats({ stats }: { stats: CommunityOffer['stats'] }) {
  const items = [
    { value: stats.students, label: 'Students' },
    { value: stats.completion, label: 'Completion rate' },
    { value: stats.rating, label: 'Average rating' },
  ];
  return (
    <dl className="mk-stats">
      {items.map((item) => (
        <div key={item.label} className="mk-stats__item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
