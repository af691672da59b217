import { BILLING_ENDPOINTS, CATALOG_ENDPOINTS } from '@agentdock/contracts';
import type { CallOptions } from '@agentdock/api-client';
import { memberClient } from './visitor';

/**
 * Catalog and billing calls for the signed-in visitor (bearer token from the session). Public pages
 * load it with `loadMemberApi`, as only a signed-in visitor's view needs it.
 */
export const memberApi = {
  async isEnrolled(courseId: string, options?: CallOptions): Promise<boolean> {
    return (await memberClient().call(CATALOG_ENDPOINTS.enrolment, { ...options, params: { id: courseId } })).enrolled;
  },

  async getComments(courseId: string, options?: CallOptions) {
    return (await memberClient().call(CATALOG_ENDPOINTS.discussion, { ...options, params: { id: courseId } })).comments;
  },

  async subscriptions(options?: CallOptions) {
    return (await memberClient().call(BILLING_ENDPOINTS.subscriptions, options)).subscriptions;
  },

  postComment(courseId: string, body: string) {
    return memberClient().call(CATALOG_ENDPOINTS.postComment, { params: { id: courseId }, body: { body } });
  },

  /** A lesson, with the visitor's token when signed in (a preview needs none). */
  getLesson(courseId: string, lessonId: string, options?: CallOptions) {
    return memberClient().call(CATALOG_ENDPOINTS.lesson, { ...options, params: { id: courseId, lessonId } });
  },

  getProgress(courseId: string, options?: CallOptions) {
    return memberClient().call(CATALOG_ENDPOINTS.progress, { ...options, params: { id: courseId } });
  },

  setLessonCompleted(courseId: string, lessonId: string, completed: boolean) {
    return memberClient().call(completed ? CATALOG_ENDPOINTS.completeLesson : CATALOG_ENDPOINTS.uncompleteLesson, { params: { id: courseId, lessonId } });
  },

  getExerciseAnswer(courseId: string, lessonId: string, options?: CallOptions) {
    return memberClient().call(CATALOG_ENDPOINTS.exerciseAnswer, { ...options, params: { id: courseId, lessonId } });
  },

  saveExerciseAnswer(courseId: string, lessonId: string, answer: string) {
    return memberClient().call(CATALOG_ENDPOINTS.saveExerciseAnswer, { params: { id: courseId, lessonId }, body: { answer } });
  },
};
