import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { DISCUSSION_COMMENT_MAX_LENGTH, discussionCommentInput, type Course, type DiscussionComment } from '@agentdock/contracts';
import { ApiError } from '@agentdock/api-client';
import { Alert, Button, Container, ErrorState, LinkButton, LoadingBlock, PageHeader, TextAreaField } from '@agentdock/ui';
import { marketingApi } from '../api/marketing-api';
import { memberApi } from '../api/member-api';
import { useResource } from '../shared/use-resource';
import { useEnrolment } from './use-enrolment';

/** Members only: anyone not enrolled (or signed out) is sent to the course page, which says why. */
export function CourseDiscussionContent({ courseId }: { courseId: string }) {
  const enrolment = useEnrolment(courseId);
  if (enrolment === 'loading') return <LoadingBlock label="Checking your membership…" />;
  if (enrolment !== 'enrolled') return <Navigate to={`/courses/${encodeURIComponent(courseId)}`} replace />;
  return <Discussion courseId={courseId} />;
}

interface DiscussionData {
  course: Course | null;
  comments: DiscussionComment[];
}

function Discussion({ courseId }: { courseId: string }) {
  const [data, retry] = useResource(`discussion ${courseId}`, async (signal): Promise<DiscussionData> => {
    const [course, comments] = await Promise.all([marketingApi.getCourse(courseId, { signal }), memberApi.getComments(courseId, { signal })]);
    return { course, comments };
  });
  const [posted, setPosted] = useState<DiscussionComment[]>([]);

  if (data.status === 'loading') return <LoadingBlock label="Loading the discussion…" />;
  if (data.status === 'failed') {
    return <ErrorState headingLevel={1} title="The discussion is unavailable right now" message="Please try again in a moment." onRetry={retry} />;
  }
  const { course } = data.data;
  const comments = [...data.data.comments, ...posted];
  const coursePath = `/courses/${encodeURIComponent(courseId)}`;
  return (
    <>
      <PageHeader eyebrow="Members only" title={`${course?.title ?? 'Course'} Discussion`} lead="Ask questions, share your progress and help each other.">
        <LinkButton to={coursePath} variant="secondary">
          Back to the course
        </LinkButton>
      </PageHeader>
      <Container className="ad-section ad-section--flush-top mk-discussion">
        <section aria-labelledby="comments-title">
          <h2 id="comments-title">Comments</h2>
          {comments.length === 0 ? (
            <p className="ad-muted">No comments yet. Start the conversation.</p>
          ) : (
            <ol className="ad-plain-list mk-comments">
              {comments.map((comment) => (
                <li key={comment.id} className="mk-comment">
                  <p className="mk-comment__meta">
                    <span className="mk-comment__author">{comment.authorName}</span>
                    <time dateTime={comment.createdAt}>{formatWhen(comment.createdAt)}</time>
                  </p>
                  <p className="mk-comment__body">{comment.body}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
        <CommentForm courseId={courseId} onPosted={(comment) => setPosted((current) => [...current, comment])} />
      </Container>
    </>
  );
}

function CommentForm({ courseId, onPosted }: { courseId: string; onPosted: (comment: DiscussionComment) => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setFailure(undefined);
    const input = discussionCommentInput.safeParse({ body });
    if (!input.success) {
      setError(input.error.issues[0]?.message);
      return;
    }
    setSending(true);
    try {
      onPosted(await memberApi.postComment(courseId, input.data.body));
      setBody('');
      setDone(true);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : 'Your comment could not be posted. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="mk-comment-form" noValidate onSubmit={submit} aria-labelledby="comment-form-title">
      <h2 id="comment-form-title">Add a comment</h2>
      {failure && <Alert variant="error">{failure}</Alert>}
      {done && <Alert variant="success">Your comment is posted.</Alert>}
      <TextAreaField
        label="Your comment"
        name="comment"
        required
        maxLength={DISCUSSION_COMMENT_MAX_LENGTH}
        value={body}
        error={error}
        onChange={(event) => {
          setBody(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Posting…' : 'Post Comment'}
      </Button>
    </form>
  );
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : when.format(date);
}
