import { useState, type FormEvent } from 'react';
import type { Course, Enrolment } from '@agentdock/contracts';
import { Badge, Button, ConfirmDialog, TextField } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { SelectField } from '../console/fields';
import { formatDateTime } from '../console/format';
import { LoadStates } from '../console/load-states';
import { resolveUserId, UNKNOWN_USER } from '../console/resolve-user';
import { useLoad } from '../console/use-load';
import { UserLabel } from '../console/user-label';
import { useUserDirectory } from '../console/use-user-directory';
import { CourseForm } from './course-form';
import { CourseLessons } from './course-lessons';
import { CourseList } from './course-list';
import { courseBody } from './course-values';

const ENROLMENT_SOURCE_LABELS: Record<Enrolment['source'], string> = { admin: 'Granted by an admin', subscription: 'Subscription', purchase: 'Bought once' };

export const REVOKE_CONFIRMATION = "Are you sure you want to revoke this user's access to the course?";

/**
 * The courses for sale (create, edit, reorder, archive), then one course's lessons and who may
 * enter its members-only area (granting or revoking that access).
 */
export function CoursesTab() {
  const api = useAdminApi();
  const courses = useLoad((signal) => api.catalog.listAllCourses({ signal }), 'courses');
  const [editing, setEditing] = useState<{ course?: Course } | null>(null);

  if (editing) {
    const { course } = editing;
    return (
      <CourseForm
        course={course}
        onCancel={() => setEditing(null)}
        save={async (values) => {
          const saved = course ? await api.catalog.updateCourse(course.id, courseBody(values)) : await api.catalog.createCourse(courseBody(values));
          courses.setData((current) => (course ? current?.map((row) => (row.id === saved.id ? saved : row)) : [...(current ?? []), saved]));
          setEditing(null);
        }}
      />
    );
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-courses-title">
      <div className="adm-tab__head">
        <h2 id="adm-courses-title">Courses</h2>
        <Button onClick={() => setEditing({})}>Add Course</Button>
      </div>
      <LoadStates loaded={courses} label="Courses">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No courses yet. Add the first one.</p>
          ) : (
            <>
              <CourseList loaded={courses} courses={rows} onEdit={(course) => setEditing({ course })} />
              <CourseAdmin courses={rows} />
            </>
          )
        }
      </LoadStates>
    </section>
  );
}

function CourseAdmin({ courses }: { courses: Course[] }) {
  const [courseId, setCourseId] = useState(courses[0]!.id);
  const course = courses.find((candidate) => candidate.id === courseId) ?? courses[0]!;
  return (
    <>
      <h3>Lessons and members</h3>
      <SelectField
        label="Course"
        options={courses.map(({ id, title, archived }) => ({ value: id, label: archived ? `${title} (archived)` : title }))}
        value={course.id}
        onChange={(event) => setCourseId(event.target.value)}
      />
      <CourseLessons key={course.id} course={course} />
      <h3>Members</h3>
      <CourseEnrolments courseId={course.id} />
    </>
  );
}

function CourseEnrolments({ courseId }: { courseId: string }) {
  const api = useAdminApi();
  const report = useReportError();
  const enrolments = useLoad((signal) => api.catalog.listEnrolments(courseId, { signal }), courseId);
  const directory = useUserDirectory(enrolments.data?.map((row) => row.userId) ?? []);
  const [user, setUser] = useState('');
  const [userError, setUserError] = useState<string | undefined>();
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<Enrolment | null>(null);

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setGranting(true);
    setUserError(undefined);
    try {
      const userId = await resolveUserId(api.identity, user);
      if (!userId) {
        setUserError(UNKNOWN_USER);
        return;
      }
      const granted = await api.catalog.grantEnrolment(courseId, userId);
      enrolments.setData((current) => [granted, ...(current ?? []).filter((row) => row.userId !== granted.userId)]);
      setUser('');
    } catch (error) {
      report(ADMIN_ERRORS.courseAccess, error);
    } finally {
      setGranting(false);
    }
  }

  async function revoke(enrolment: Enrolment) {
    try {
      await api.catalog.revokeEnrolment(enrolment.courseId, enrolment.userId);
      enrolments.setData((current) => current?.filter((row) => row.userId !== enrolment.userId));
    } catch (error) {
      report(ADMIN_ERRORS.courseAccess, error);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <>
      <form className="adm-form adm-form--inline" onSubmit={grant} aria-label="Grant access">
        <TextField label="User email or ID" value={user} error={userError} onChange={(event) => setUser(event.target.value)} required />
        <div className="adm-actions">
          <Button type="submit" disabled={granting || user.trim() === ''}>
            {granting ? 'Granting…' : 'Grant Access'}
          </Button>
        </div>
      </form>
      <LoadStates loaded={enrolments} label="Enrolments">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No one is enrolled in this course yet.</p>
          ) : (
            <ul className="adm-list" aria-label="Enrolled users">
              {rows.map((enrolment) => (
                <li key={enrolment.userId} className="adm-list__row">
                  <UserLabel id={enrolment.userId} user={directory.get(enrolment.userId)} />
                  <Badge variant={enrolment.source === 'admin' ? 'primary' : 'success'}>{ENROLMENT_SOURCE_LABELS[enrolment.source]}</Badge>
                  <span className="ad-muted">{formatDateTime(enrolment.createdAt)}</span>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setRevoking(enrolment)}
                    aria-label={`Revoke access of ${directory.get(enrolment.userId)?.email ?? enrolment.userId}`}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
      {revoking && <ConfirmDialog title={REVOKE_CONFIRMATION} confirmLabel="Revoke" onConfirm={() => void revoke(revoking)} onCancel={() => setRevoking(null)} />}
    </>
  );
}
