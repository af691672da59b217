import { Link } from 'react-router-dom';
import { type Course, type CourseOutline, type CourseProgress, progressText } from '@agentdock/contracts';
import { ProgressBar } from '@agentdock/ui';
import { coursePath, lessonPath } from '../paths';

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
