import { AnchorButton, Card, LinkButton, SITE, signInHref } from '@agentdock/ui';
import { Link } from 'react-router-dom';
import type { EnrolmentState } from './use-enrolment';

/** The course's discussion and community chat: open to enrolled members, locked for everyone else. */
export function CourseCommunity({ courseId, enrolment }: { courseId: string; enrolment: EnrolmentState }) {
  const coursePath = `/courses/${encodeURIComponent(courseId)}`;
  return (
    <Card aria-labelledby="course-community-title" aria-busy={enrolment === 'loading'}>
      <h2 id="course-community-title" className="ad-card__title">
        Course community
      </h2>
      {enrolment === 'enrolled' ? (
        <>
          <p className="ad-muted">Ask questions, share your progress and learn with the other members.</p>
          <LinkButton to={`${coursePath}/discussion`} block>
            Open Discussion
          </LinkButton>
          <AnchorButton href={SITE.communityInviteUrl} target="_blank" rel="noopener noreferrer" variant="secondary" block>
            Join Community Chat
            <span className="ad-visually-hidden"> (opens in a new tab)</span>
          </AnchorButton>
        </>
      ) : (
        <>
          <ul className="ad-plain-list mk-locked" aria-label="Members-only areas">
            <li>
              <LockIcon /> Discussion <span className="ad-visually-hidden">(locked)</span>
            </li>
            <li>
              <LockIcon /> Community chat <span className="ad-visually-hidden">(locked)</span>
            </li>
          </ul>
          <p>
            <strong>Members Only:</strong> You need to be enrolled in this course to access the discussion forum.
          </p>
          {enrolment === 'signed-out' && (
            <p>
              Already a member? <Link to={signInHref(coursePath)}>Sign in</Link> to open it.
            </p>
          )}
          {enrolment === 'unknown' && <p className="ad-muted">We could not check your enrolment just now. Reload the page to try again.</p>}
        </>
      )}
    </Card>
  );
}

function LockIcon() {
  return (
    <svg className="mk-locked__icon" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
