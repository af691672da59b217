import { useState } from 'react';
import type { Course } from '@agentdock/contracts';
import { Badge, Button, ConfirmDialog, formatCoursePrice } from '@agentdock/ui';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { formatNumber } from '../console/format';
import type { Loaded } from '../console/use-load';
import { useAdminApi } from '../api/use-admin-api';

export const ARCHIVE_COURSE_CONFIRMATION = 'Archive this course? It will no longer be listed or sold; its members keep their access.';

/** The ids in the order that results from moving one course up or down. */
function movedOrder(courses: Course[], id: string, step: -1 | 1): string[] {
  const ids = courses.map((course) => course.id);
  const index = ids.indexOf(id);
  [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
  return ids;
}

const members = (count: number) => `${formatNumber(count)} ${count === 1 ? 'member' : 'members'}`;

/** Every course in display order, with its price, facts and members; move, edit, archive or restore each. */
export function CourseList({ loaded, courses, onEdit }: { loaded: Loaded<Course[]>; courses: Course[]; onEdit: (course: Course) => void }) {
  const api = useAdminApi();
  const report = useReportError();
  const [busy, setBusy] = useState(false);
  const [archiving, setArchiving] = useState<Course | null>(null);

  async function move(course: Course, step: -1 | 1) {
    setBusy(true);
    try {
      const next = await api.catalog.reorderCourses(movedOrder(courses, course.id, step));
      loaded.setData(() => next);
    } catch (error) {
      report(ADMIN_ERRORS.reorderCourses, error);
    } finally {
      setBusy(false);
    }
  }

  async function setArchived(course: Course, archived: boolean) {
    setBusy(true);
    try {
      const changed = archived ? await api.catalog.archiveCourse(course.id) : await api.catalog.restoreCourse(course.id);
      loaded.setData((current) => current?.map((row) => (row.id === changed.id ? changed : row)));
    } catch (error) {
      report(archived ? ADMIN_ERRORS.archiveCourse : ADMIN_ERRORS.restoreCourse, error);
    } finally {
      setBusy(false);
      setArchiving(null);
    }
  }

  return (
    <>
      <ol className="adm-list adm-courses" aria-label="Courses in display order">
        {courses.map((course, index) => (
          <li key={course.id} className="adm-list__row adm-course-row">
            <span className="adm-course-row__main">
              <strong id={`course-${course.id}`} className="adm-wrap">
                {course.title}
              </strong>
              <span className="adm-price" data-testid="course-price">
                {formatCoursePrice(course.priceMinor, course.currency, course.billing)}
              </span>
              <span className="ad-muted">
                {course.level} · {course.estimatedDuration} · <span data-testid="course-members">{members(course.students)}</span>
              </span>
            </span>
            <Badge variant={course.archived ? 'neutral' : 'success'}>{course.archived ? 'Archived' : 'Listed'}</Badge>
            <span className="adm-actions">
              <Button size="sm" variant="secondary" disabled={busy || index === 0} aria-label={`Move ${course.title} up`} onClick={() => void move(course, -1)}>
                ↑
              </Button>
              <Button size="sm" variant="secondary" disabled={busy || index === courses.length - 1} aria-label={`Move ${course.title} down`} onClick={() => void move(course, 1)}>
                ↓
              </Button>
              <Button size="sm" variant="secondary" onClick={() => onEdit(course)} aria-label={`Edit ${course.title}`}>
                Edit
              </Button>
              {course.archived ? (
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => void setArchived(course, false)} aria-label={`Restore ${course.title}`}>
                  Restore
                </Button>
              ) : (
                <Button size="sm" variant="danger" disabled={busy} onClick={() => setArchiving(course)} aria-label={`Archive ${course.title}`}>
                  Archive
                </Button>
              )}
            </span>
          </li>
        ))}
      </ol>
      {archiving && (
        <ConfirmDialog
          title={ARCHIVE_COURSE_CONFIRMATION}
          confirmLabel="Archive"
          pending={busy}
          onConfirm={() => void setArchived(archiving, true)}
          onCancel={() => setArchiving(null)}
        />
      )}
    </>
  );
}
