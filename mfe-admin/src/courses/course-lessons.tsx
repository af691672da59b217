import { useState } from 'react';
import type { AdminLesson, Course } from '@agentdock/contracts';
import { Badge, Button } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { LessonForm, lessonBody } from './lesson-form';

type Editing = { mode: 'create' } | { mode: 'edit'; lesson: AdminLesson } | null;

/** Reading order: module by module, then position (as the catalog lists them). */
const inOrder = (lessons: AdminLesson[]) => [...lessons].sort((a, b) => a.moduleIndex - b.moduleIndex || a.position - b.position);

/** The ids in the order that results from moving one lesson up or down within its module. */
function movedOrder(lessons: AdminLesson[], id: string, step: -1 | 1): string[] | null {
  const ordered = inOrder(lessons);
  const index = ordered.findIndex((lesson) => lesson.id === id);
  const target = ordered[index + step];
  if (index < 0 || !target || target.moduleIndex !== ordered[index]!.moduleIndex) return null;
  [ordered[index], ordered[index + step]] = [target, ordered[index]!];
  return ordered.map((lesson) => lesson.id);
}

/** The course's lessons: add, edit, publish or unpublish, and reorder within a module. */
export function CourseLessons({ course }: { course: Course }) {
  const api = useAdminApi();
  const report = useReportError();
  const lessons = useLoad((signal) => api.catalog.listLessons(course.id, { signal }), `lessons ${course.id}`);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const modules = course.modules.map((module) => module.title);

  async function change(work: () => Promise<AdminLesson[]>) {
    setBusy(true);
    try {
      const next = await work();
      lessons.setData(() => next);
    } catch (error) {
      report(ADMIN_ERRORS.saveLesson, error);
    } finally {
      setBusy(false);
    }
  }

  const replace = (saved: AdminLesson) => inOrder([...(lessons.data ?? []).filter((row) => row.id !== saved.id), saved]);

  if (editing) {
    const lesson = editing.mode === 'edit' ? editing.lesson : undefined;
    return (
      <LessonForm
        lesson={lesson}
        modules={modules}
        onCancel={() => setEditing(null)}
        save={async (values) => {
          const saved = lesson ? await api.catalog.updateLesson(course.id, lesson.id, lessonBody(values)) : await api.catalog.createLesson(course.id, lessonBody(values));
          lessons.setData(() => replace(saved));
          setEditing(null);
        }}
      />
    );
  }

  return (
    <section className="adm-lessons" aria-labelledby="adm-lessons-title">
      <div className="adm-tab__head">
        <h3 id="adm-lessons-title">Lessons</h3>
        <Button onClick={() => setEditing({ mode: 'create' })}>Add Lesson</Button>
      </div>
      <LoadStates loaded={lessons} label="Lessons">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No lessons yet. Add the first one.</p>
          ) : (
            modules.map((title, moduleIndex) => {
              const inModule = inOrder(rows).filter((lesson) => lesson.moduleIndex === moduleIndex);
              return (
                <div key={title} className="adm-lessons__module">
                  <h4>
                    Module {moduleIndex + 1}: {title}
                  </h4>
                  {inModule.length === 0 ? (
                    <p className="adm-empty">No lessons in this module.</p>
                  ) : (
                    <ol className="adm-list" aria-label={`Lessons of module ${moduleIndex + 1}`}>
                      {inModule.map((lesson, index) => (
                        <li key={lesson.id} className="adm-list__row">
                          <span className="adm-wrap">{lesson.title}</span>
                          <Badge variant={lesson.isPublished ? 'success' : 'neutral'}>{lesson.isPublished ? 'Published' : 'Draft'}</Badge>
                          {lesson.isPreview && <Badge variant="primary">Free preview</Badge>}
                          <span className="ad-muted">{lesson.estimatedMinutes} min</span>
                          <span className="adm-actions">
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={busy || index === 0}
                              aria-label={`Move ${lesson.title} up`}
                              onClick={() => void change(() => api.catalog.reorderLessons(course.id, movedOrder(rows, lesson.id, -1)!))}
                            >
                              ↑
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={busy || index === inModule.length - 1}
                              aria-label={`Move ${lesson.title} down`}
                              onClick={() => void change(() => api.catalog.reorderLessons(course.id, movedOrder(rows, lesson.id, 1)!))}
                            >
                              ↓
                            </Button>
                            <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', lesson })} aria-label={`Edit ${lesson.title}`}>
                              Edit
                            </Button>
                            <Button
                              size="sm"
                              variant={lesson.isPublished ? 'danger' : 'primary'}
                              disabled={busy}
                              aria-label={`${lesson.isPublished ? 'Unpublish' : 'Publish'} ${lesson.title}`}
                              onClick={() => void change(async () => replace(await api.catalog.updateLesson(course.id, lesson.id, { isPublished: !lesson.isPublished })))}
                            >
                              {lesson.isPublished ? 'Unpublish' : 'Publish'}
                            </Button>
                          </span>
                        </li>
                      ))}
                    </ol>
                  )}
                </div>
              );
            })
          )
        }
      </LoadStates>
    </section>
  );
}
