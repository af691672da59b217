import { discussionComment, discussionCommentList, enrolmentStatus } from '@agentdock/contracts';
import type { CallOptions } from '@agentdock/api-client';
import { memberClient } from './visitor';

const coursePath = (courseId: string) => `/api/catalog/courses/${encodeURIComponent(courseId)}`;

/** Catalog calls for the signed-in visitor (bearer token from the session). */
export const memberApi = {
  async isEnrolled(courseId: string, options?: CallOptions): Promise<boolean> {
    return (await memberClient().request(`${coursePath(courseId)}/enrolment`, { ...options, schema: enrolmentStatus })).enrolled;
  },

  async getComments(courseId: string, options?: CallOptions) {
    return (await memberClient().request(`${coursePath(courseId)}/discussion`, { ...options, schema: discussionCommentList })).comments;
  },

  postComment(courseId: string, body: string) {
    return memberClient().request(`${coursePath(courseId)}/discussion`, { method: 'POST', body: { body }, schema: discussionComment });
  },
};
