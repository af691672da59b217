import { Link } from 'react-router-dom';
import { certificatePath, type Course, type CourseOutline, type CourseProgress, type Lesson } from '@agentdock/contracts';
import { Alert, Button, Container, PageHeader, signInHref, useDocumentTitle } from '@agentdock/ui';
import { SafeHtml } from '../../content/safe-html';
import { sanitizeHtml } from '../../content/sanitize-html';
import { CertificateShare } from '../certificate-share';
import { coursePath, lessonPath } from '../paths';
import { Exercise } from './exercise';
import { LessonOutline } from './lesson-outline';
import { LessonVideo } from './lesson-video';
import { useLessonProgress } from './use-lesson-progress';

/** A lesson the visitor may read; signed in, they can also mark it complete and answer its exercise. */
export function LessonView({
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
  const { progress, saving, failure, completed, toggle } = useLessonProgress(course.id, lesson.id, initialProgress);

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
                  <p>
                    You completed the course. <Link to={certificatePath(progress.certificate.code)}>See your certificate</Link>.
                  </p>
                  <CertificateShare certificate={progress.certificate} />
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
