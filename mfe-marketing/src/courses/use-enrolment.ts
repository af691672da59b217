import { loadMemberApi } from '../api/load-member-api';
import { useVisitor } from '../api/visitor';
import { useResource } from '../shared/use-resource';
import { checkAccess } from './course-checkout';

/** `unknown`: signed in, but the enrolment check failed (the page stays locked and says so). */
export type EnrolmentState = 'loading' | 'signed-out' | 'not-enrolled' | 'enrolled' | 'unknown';

/**
 * Whether the visitor may enter the course's members-only areas. With `awaitAccess` (just back from
 * paying) it keeps asking until the enrolment that billing's event grants shows up.
 */
export function useEnrolment(courseId: string, awaitAccess = false): EnrolmentState {
  const visitor = useVisitor();
  const userId = visitor.status === 'signed-in' ? visitor.user.id : null;
  const [enrolment] = useResource(`enrolment ${courseId} ${userId ?? visitor.status}`, (signal) =>
    userId ? checkAccess(async (checkSignal) => (await loadMemberApi()).isEnrolled(courseId, { signal: checkSignal }), signal, awaitAccess) : Promise.resolve(false),
  );
  if (visitor.status === 'loading') return 'loading';
  if (visitor.status === 'signed-out') return 'signed-out';
  if (enrolment.status === 'loading') return 'loading';
  if (enrolment.status === 'failed') return 'unknown';
  return enrolment.data ? 'enrolled' : 'not-enrolled';
}
