import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@agentdock/api-client';
import { type Course, type CourseOutline, type CourseProgress, errorText, EXERCISE_ANSWER_MAX_LENGTH, type Lesson, lessonVideo, progressText } from '@agentdock/contracts';
import { Alert, Button, Container, ErrorState, LinkButton, LoadingBlock, PageHeader, ProgressBar, signInHref, TextAreaField, useDocumentTitle } from '@agentdock/ui';
import { marketingApi } from '../api/marketing-api';
import { memberApi } from '../api/member-api';
import { useVisitor } from '../api/visitor';
import { SafeHtml } from '../content/safe-html';
import { sanitizeHtml } from '../content/sanitize-html';
import { useResource } from '../shared/use-resource';
import { coursePath, lessonPath } from './paths';

/** The catalog's text for not_enrolled, shown for a lesson the visitor may not read. */
export const MEMBERS_ONLY_LESSON = errorText('not_enrolled');

type LessonAnswer = { kind: 'lesson'; lesson: Lesson } | { kind: 'members-only' } | { kind: 'not-found' };

interface LessonData {
  course: Course | null;
  outline: CourseOutline | null;
  lesson: LessonAnswer;
  progress: CourseProgress | null;
}

async function loadLesson(courseId: string, lessonId: string, signedIn: boolean, signal: AbortSignal): Promise<LessonData> {
  const lesson = memberApi.getLesson(courseId, lessonId, { signal }).then(
    (found): LessonAnswer => ({ kind: 'lesson', lesson: found }),
    (error: unknown): LessonAnswer => {
      // 401/403 are the server's members-only rule; 400 is a malformed lesson id in the address.
      if (error instanceof ApiError && (error.status === 401 || error.code === 'not_enrolled')) return { kind: 'members-only' };
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'not-found' };
      throw error;
    },
  );
  const [course, outline, answer, progress] = await Promise.all([
    marketingApi.getCourse(courseId, { signal }),
    marketingApi.getOutline(courseId, { signal }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
    lesson,
    signedIn ? memberApi.getProgress(courseId, { signal }).catch(() => null) : Promise.resolve(null),
  ]);
  return { course, outline, lesson: answer, progress };
}

/** One lesson of a course: its text, video and exercise, the outline beside it, and the learner's progress. */
export function LessonContent({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const visitor = useVisitor();
  const signedIn = visitor.status === 'signed-in';
  const [data, retry] = useResource(`lesson ${courseId} ${lessonId} ${visitor.status === 'signed-in' ? visitor.user.id : visitor.status}`, (signal) =>
    visitor.status === 'loading' ? new Promise<never>(() => undefined) : loadLesson(courseId, lessonId, signedIn, signal),
  );
  if (data.status === 'loading') return <LoadingBlock label="Loading the lesson…" />;
  if (data.status === 'failed') {
    return <ErrorState headingLevel={1} title="This lesson is unavailable right now" message="Please try again in a moment." onRetry={retry} />;
  }
  const { course, outline, lesson, progress } = data.data;
  if (!course || lesson.kind === 'not-found') return <LessonNotFound courseId={course ? courseId : null} />;
  if (lesson.kind === 'members-only') return <MembersOnly course={course} signedIn={signedIn} lessonId={lessonId} />;
  return <LessonView key={lesson.lesson.id} course={course} outline={outline} lesson={lesson.lesson} initialProgress={progress} signedIn={signedIn} />;
}

function LessonNotFound({ courseId }: { courseId: string | null }) {
  useDocumentTitle('Lesson Not Found');
  return (
    <PageHeader title="Lesson Not Found" lead="We could not find this lesson. It may have moved or never existed.">
      <LinkButton to={courseId ? coursePath(courseId) : '/courses'}>{courseId ? 'Back to the course' : 'Back to Courses'}</LinkButton>
    </PageHeader>
  );
}

function MembersOnly({ course, signedIn, lessonId }: { course: Course; signedIn: boolean; lessonId: string }) {
  useDocumentTitle(course.title);
  return (
    <PageHeader eyebrow={course.title} title="Members Only" lead={MEMBERS_ONLY_LESSON}>
      <div className="ad-row">
        <LinkButton to={coursePath(course.id)}>See the course</LinkButton>
        {!signedIn && (
          <LinkButton to={signInHref(lessonPath(course.id, lessonId))} variant="secondary">
            Sign in
          </LinkButton>
        )}
      </div>
    </PageHeader>
  );
}

function LessonView({
  course,
  outline,
  lesson,
  initialProgress,
  signedIn,
}: {
  course: Course;
  outline: CourseOutline | null;
  lesson: Lesson;
  initialProgress: CourseProgress | null;
  signedIn: boolean;
}) {
  useDocumentTitle(`${lesson.title} · ${course.title}`, course.description);
  const [progress, setProgress] = useState(initialProgress);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const completed = progress?.completedLessonIds.includes(lesson.id) ?? false;

  const toggle = async () => {
    setSaving(true);
    setFailure(undefined);
    try {
      setProgress(await memberApi.setLessonCompleted(course.id, lesson.id, !completed));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'We could not save your progress. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const moduleNumber = lesson.moduleIndex + 1;
  return (
    <>
      <PageHeader eyebrow={`${course.title} · Module ${moduleNumber}: ${lesson.moduleTitle}`} title={lesson.title}>
        <p className="ad-muted mk-lesson__time">
          About {lesson.estimatedMinutes} min{lesson.isPreview ? ' · Free preview' : ''}
        </p>
      </PageHeader>
      <Container className="ad-section ad-section--flush-top mk-lesson">
        <article className="mk-lesson__main" aria-labelledby="lesson-body-title">
          <h2 id="lesson-body-title" className="ad-visually-hidden">
            Lesson
          </h2>
          {lesson.videoUrl && <LessonVideo url={lesson.videoUrl} title={lesson.title} />}
          <SafeHtml className="mk-lesson__body" html={sanitizeHtml(lesson.html)} />
          {lesson.exercisePrompt && signedIn && <Exercise courseId={course.id} lessonId={lesson.id} prompt={lesson.exercisePrompt} />}
          {lesson.exercisePrompt && !signedIn && (
            <section className="mk-exercise" aria-labelledby="exercise-title">
              <h2 id="exercise-title">Exercise</h2>
              <p>{lesson.exercisePrompt}</p>
              <p className="ad-muted">
                <Link to={signInHref(lessonPath(course.id, lesson.id))}>Sign in</Link> to write and keep your answer.
              </p>
            </section>
          )}
          {signedIn && (
            <div className="ad-stack mk-lesson__complete">
              {failure && <Alert variant="error">{failure}</Alert>}
              {progress?.certificate && progress.completed === progress.total && (
                <Alert variant="success">
                  You completed the course. <Link to={`/certificates/${progress.certificate.code}`}>See your certificate</Link>.
                </Alert>
              )}
              <div className="ad-row">
                <Button onClick={() => void toggle()} disabled={saving} aria-busy={saving} variant={completed ? 'secondary' : 'primary'}>
                  {completed ? 'Mark as not complete' : 'Mark as complete'}
                </Button>
                {completed && <span role="status">Completed ✓</span>}
              </div>
            </div>
          )}
          <nav className="mk-lesson__pager" aria-label="Lessons">
            {lesson.previousLessonId ? (
              <Link to={lessonPath(course.id, lesson.previousLessonId)} rel="prev">
                ← Previous lesson
              </Link>
            ) : (
              <span />
            )}
            {lesson.nextLessonId ? (
              <Link to={lessonPath(course.id, lesson.nextLessonId)} rel="next">
                Next lesson →
              </Link>
            ) : (
              <Link to={coursePath(course.id)}>Back to the course</Link>
            )}
          </nav>
        </article>
        {outline && <LessonOutline course={course} outline={outline} currentId={lesson.id} progress={progress} />}
      </Container>
    </>
  );
}

/** An allowed player in an iframe, or a video file in the browser's own player. */
function LessonVideo({ url, title }: { url: string; title: string }) {
  const video = lessonVideo(url);
  if (!video) return null;
  return (
    <div className="mk-lesson__video">
      {video.kind === 'embed' ? (
        <iframe src={video.url} title={`Video: ${title}`} allow="fullscreen; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" loading="lazy" />
      ) : (
        <video src={video.url} controls preload="metadata" aria-label={`Video: ${title}`} />
      )}
    </div>
  );
}

/** The course's modules and lessons beside the lesson, with the learner's ticks. */
export function LessonOutline({ course, outline, currentId, progress }: { course: Course; outline: CourseOutline; currentId?: string; progress: CourseProgress | null }) {
  const done = new Set(progress?.completedLessonIds ?? []);
  return (
    <aside className="mk-outline" aria-label="Course outline">
      <h2 className="ad-card__title">
        <Link to={coursePath(course.id)}>{course.title}</Link>
      </h2>
      {progress && (
        <div className="mk-outline__progress">
          <p>{progressText(progress)}</p>
          <ProgressBar label="Course progress" value={progress.completed} max={progress.total} valueText={progressText(progress)} />
        </div>
      )}
      <ol className="ad-plain-list">
        {outline.modules.map((module, index) => (
          <li key={module.title}>
            <h3 className="mk-outline__module">
              Module {index + 1}: {module.title}
            </h3>
            <ol className="ad-plain-list">
              {module.lessons.map((item) => (
                <li key={item.id} className={item.id === currentId ? 'mk-outline__lesson mk-outline__lesson--current' : 'mk-outline__lesson'}>
                  <Link to={lessonPath(course.id, item.id)} aria-current={item.id === currentId ? 'page' : undefined}>
                    {item.title}
                  </Link>
                  {done.has(item.id) && <span aria-label="completed"> ✓</span>}
                  {item.isPreview && !progress && <span className="ad-muted"> (free preview)</span>}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </aside>
  );
}

/** The learner's private answer to the exercise, saved on the server. */
function Exercise({ courseId, lessonId, prompt }: { courseId: string; lessonId: string; prompt: string }) {
  const [answer, setAnswer] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    memberApi.getExerciseAnswer(courseId, lessonId, { signal: controller.signal }).then(
      (saved) => {
        setAnswer(saved.answer);
        setLoaded(true);
      },
      () => setLoaded(true),
    );
    return () => controller.abort();
  }, [courseId, lessonId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      await memberApi.saveExerciseAnswer(courseId, lessonId, answer);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'We could not save your answer. Please try again.' });
    }
  };

  return (
    <section className="mk-exercise" aria-labelledby="exercise-title">
      <h2 id="exercise-title">Exercise</h2>
      <p>{prompt}</p>
      <form onSubmit={(event) => void submit(event)} className="ad-stack">
        <TextAreaField
          label="Your answer (only you can see it)"
          value={answer}
          onChange={(event) => {
            setAnswer(event.target.value);
            setState({ kind: 'idle' });
          }}
          rows={6}
          maxLength={EXERCISE_ANSWER_MAX_LENGTH}
          disabled={!loaded}
        />
        {state.kind === 'failed' && <Alert variant="error">{state.message}</Alert>}
        <div className="ad-row">
          <Button type="submit" variant="secondary" disabled={!loaded || state.kind === 'saving'}>
            Save answer
          </Button>
          {state.kind === 'saved' && <span role="status">Answer saved</span>}
        </div>
      </form>
    </section>
  );
}
