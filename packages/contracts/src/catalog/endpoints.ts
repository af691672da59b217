import { CATALOG_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { adminAgent, adminAgentList, agentInput, agentList, agentPatch } from './agent';
import { agentBuilder, agentDraftInput } from './agent-builder';
import { contentSection, contentSectionInput, contentSectionList, contentSectionPatch } from './content';
import {
  communityOffer,
  course,
  courseInput,
  courseList,
  courseOrder,
  coursePatch,
  discussionComment,
  discussionCommentInput,
  discussionCommentList,
  enrolment,
  enrolmentGrant,
  enrolmentList,
  enrolmentStatus,
} from './course';
import {
  adminLesson,
  adminLessonList,
  certificate,
  courseOutline,
  courseProgress,
  exerciseAnswer,
  exerciseAnswerInput,
  learningSummary,
  lesson,
  lessonInput,
  lessonOrder,
  lessonPatch,
} from './lesson';
import { plan, planCreate, planList, planPatch } from './plan';

/** svc-catalog's public and member endpoints, behind the gateway at /api/catalog. */
export const CATALOG_ENDPOINTS = {
  plans: defineEndpoint('GET', CATALOG_BASE, '/plans', { response: planList }),
  plan: defineEndpoint('GET', CATALOG_BASE, '/plans/:id', { response: plan }),
  agents: defineEndpoint('GET', CATALOG_BASE, '/agents', { response: agentList }),
  availableAgents: defineEndpoint('GET', CATALOG_BASE, '/agents/available', { response: agentList }),
  content: defineEndpoint('GET', CATALOG_BASE, '/content', { response: contentSectionList }),
  courses: defineEndpoint('GET', CATALOG_BASE, '/courses', { response: courseList }),
  course: defineEndpoint('GET', CATALOG_BASE, '/courses/:id', { response: course }),
  community: defineEndpoint('GET', CATALOG_BASE, '/community', { response: communityOffer }),
  enrolment: defineEndpoint('GET', CATALOG_BASE, '/courses/:id/enrolment', { response: enrolmentStatus }),
  discussion: defineEndpoint('GET', CATALOG_BASE, '/courses/:id/discussion', { response: discussionCommentList }),
  postComment: defineEndpoint('POST', CATALOG_BASE, '/courses/:id/discussion', { request: discussionCommentInput, response: discussionComment }),
  outline: defineEndpoint('GET', CATALOG_BASE, '/courses/:id/outline', { response: courseOutline }),
  /** A preview lesson for anyone; the others for members and admins (401 visitors, 403 not_enrolled). */
  lesson: defineEndpoint('GET', CATALOG_BASE, '/courses/:id/lessons/:lessonId', { response: lesson }),
  progress: defineEndpoint('GET', CATALOG_BASE, '/courses/:id/progress', { response: courseProgress }),
  completeLesson: defineEndpoint('PUT', CATALOG_BASE, '/courses/:id/lessons/:lessonId/completion', { response: courseProgress }),
  uncompleteLesson: defineEndpoint('DELETE', CATALOG_BASE, '/courses/:id/lessons/:lessonId/completion', { response: courseProgress }),
  exerciseAnswer: defineEndpoint('GET', CATALOG_BASE, '/courses/:id/lessons/:lessonId/answer', { response: exerciseAnswer }),
  saveExerciseAnswer: defineEndpoint('PUT', CATALOG_BASE, '/courses/:id/lessons/:lessonId/answer', { request: exerciseAnswerInput, response: exerciseAnswer }),
  learning: defineEndpoint('GET', CATALOG_BASE, '/me/learning', { response: learningSummary }),
  /** Public: anyone holding a code can check that the certificate is genuine. */
  certificate: defineEndpoint('GET', CATALOG_BASE, '/certificates/:code', { response: certificate }),
  certificatePdf: defineEndpoint('GET', CATALOG_BASE, '/certificates/:code/pdf', { response: undefined }),
} as const;

/**
 * svc-catalog's admin endpoints (plans, agents, content sections, course members). A table of its
 * own, so the public pages that read CATALOG_ENDPOINTS do not bundle the admin schemas.
 */
export const CATALOG_ADMIN_ENDPOINTS = {
  plans: defineEndpoint('GET', CATALOG_BASE, '/admin/plans', { response: planList }),
  createPlan: defineEndpoint('POST', CATALOG_BASE, '/admin/plans', { request: planCreate, response: plan }),
  updatePlan: defineEndpoint('PATCH', CATALOG_BASE, '/admin/plans/:id', { request: planPatch, response: plan }),
  deletePlan: defineEndpoint('DELETE', CATALOG_BASE, '/admin/plans/:id', { response: undefined }),
  agents: defineEndpoint('GET', CATALOG_BASE, '/admin/agents', { response: adminAgentList }),
  createAgent: defineEndpoint('POST', CATALOG_BASE, '/admin/agents', { request: agentInput, response: adminAgent }),
  updateAgent: defineEndpoint('PATCH', CATALOG_BASE, '/admin/agents/:id', { request: agentPatch, response: adminAgent }),
  deleteAgent: defineEndpoint('DELETE', CATALOG_BASE, '/admin/agents/:id', { response: undefined }),
  /** The draft, the live version and every published version (instructions included: admins only). */
  agentBuilder: defineEndpoint('GET', CATALOG_BASE, '/admin/agents/:id/builder', { response: agentBuilder }),
  saveAgentDraft: defineEndpoint('PUT', CATALOG_BASE, '/admin/agents/:id/draft', { request: agentDraftInput, response: agentBuilder }),
  /** The draft becomes a new version, live at once. */
  publishAgent: defineEndpoint('POST', CATALOG_BASE, '/admin/agents/:id/publish', { response: agentBuilder }),
  /** An earlier version becomes a new live version (and the draft). */
  restoreAgentVersion: defineEndpoint('POST', CATALOG_BASE, '/admin/agents/:id/versions/:version/restore', { response: agentBuilder }),
  content: defineEndpoint('GET', CATALOG_BASE, '/admin/content', { response: contentSectionList }),
  createContent: defineEndpoint('POST', CATALOG_BASE, '/admin/content', { request: contentSectionInput, response: contentSection }),
  updateContent: defineEndpoint('PATCH', CATALOG_BASE, '/admin/content/:id', { request: contentSectionPatch, response: contentSection }),
  /** Always refused (405 content_not_deletable): sections are hidden, never deleted. */
  deleteContent: defineEndpoint('DELETE', CATALOG_BASE, '/admin/content/:id', { response: undefined }),
  /** Every course, archived ones too, in display order with their member counts. */
  courses: defineEndpoint('GET', CATALOG_BASE, '/admin/courses', { response: courseList }),
  createCourse: defineEndpoint('POST', CATALOG_BASE, '/admin/courses', { request: courseInput, response: course }),
  updateCourse: defineEndpoint('PATCH', CATALOG_BASE, '/admin/courses/:id', { request: coursePatch, response: course }),
  /** Every course in its new order; answers the reordered list. */
  reorderCourses: defineEndpoint('PUT', CATALOG_BASE, '/admin/courses/order', { request: courseOrder, response: courseList }),
  /** No longer listed or sold; members keep access. Archiving twice answers the archived course. */
  archiveCourse: defineEndpoint('POST', CATALOG_BASE, '/admin/courses/:id/archive', { response: course }),
  /** Listed and sold again after an archive; restoring a listed course answers it unchanged. */
  restoreCourse: defineEndpoint('POST', CATALOG_BASE, '/admin/courses/:id/restore', { response: course }),
  enrolments: defineEndpoint('GET', CATALOG_BASE, '/admin/courses/:id/enrolments', { response: enrolmentList }),
  /** 201 with a new membership, 200 with the one that existed. */
  grantEnrolment: defineEndpoint('POST', CATALOG_BASE, '/admin/courses/:id/enrolments', { request: enrolmentGrant, response: enrolment }),
  revokeEnrolment: defineEndpoint('DELETE', CATALOG_BASE, '/admin/courses/:id/enrolments/:userId', { response: undefined }),
  lessons: defineEndpoint('GET', CATALOG_BASE, '/admin/courses/:id/lessons', { response: adminLessonList }),
  createLesson: defineEndpoint('POST', CATALOG_BASE, '/admin/courses/:id/lessons', { request: lessonInput, response: adminLesson }),
  updateLesson: defineEndpoint('PATCH', CATALOG_BASE, '/admin/courses/:id/lessons/:lessonId', { request: lessonPatch, response: adminLesson }),
  /** Every lesson of the course in its new order; answers the reordered list. */
  reorderLessons: defineEndpoint('PUT', CATALOG_BASE, '/admin/courses/:id/lessons/order', { request: lessonOrder, response: adminLessonList }),
} as const;
