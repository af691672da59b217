import { defineEndpoint } from '../http/endpoint';
import { agentList } from './agent';
import { contentSectionList } from './content';
import { communityOffer, course, courseList, discussionComment, discussionCommentInput, discussionCommentList, enrolmentStatus } from './course';
import { plan, planList } from './plan';

/** svc-catalog's public and member endpoints, behind the gateway at /api/catalog. */
const CATALOG = '/api/catalog';

export const CATALOG_ENDPOINTS = {
  plans: defineEndpoint('GET', CATALOG, '/plans', { response: planList }),
  plan: defineEndpoint('GET', CATALOG, '/plans/:id', { response: plan }),
  agents: defineEndpoint('GET', CATALOG, '/agents', { response: agentList }),
  availableAgents: defineEndpoint('GET', CATALOG, '/agents/available', { response: agentList }),
  content: defineEndpoint('GET', CATALOG, '/content', { response: contentSectionList }),
  courses: defineEndpoint('GET', CATALOG, '/courses', { response: courseList }),
  course: defineEndpoint('GET', CATALOG, '/courses/:id', { response: course }),
  community: defineEndpoint('GET', CATALOG, '/community', { response: communityOffer }),
  enrolment: defineEndpoint('GET', CATALOG, '/courses/:id/enrolment', { response: enrolmentStatus }),
  discussion: defineEndpoint('GET', CATALOG, '/courses/:id/discussion', { response: discussionCommentList }),
  postComment: defineEndpoint('POST', CATALOG, '/courses/:id/discussion', { request: discussionCommentInput, response: discussionComment }),
} as const;
