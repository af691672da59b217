import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  CATALOG_ADMIN_ENDPOINTS,
  CATALOG_CUSTOMER_ENDPOINTS,
  type AdminAgent,
  type AgentBehaviour,
  type AgentBuilder,
  type AgentInput,
  type AgentPatch,
  type ContentSection,
  type ContentSectionInput,
  type ContentSectionPatch,
  type Course,
  type CourseInput,
  type CoursePatch,
  type CustomerLearning,
  type AdminLesson,
  type Enrolment,
  type LessonInput,
  type LessonPatch,
  type Plan,
  type PlanCreate,
  type PlanPatch,
} from '@agentdock/contracts';

const admin = CATALOG_ADMIN_ENDPOINTS;

/** svc-catalog's admin API: plans, agents, content sections, courses with their members and lessons, a customer's learning. */
export function catalogAdminApi(api: ApiClient) {
  return {
    listPlans: async (options?: CallOptions): Promise<Plan[]> => (await api.call(admin.plans, options)).plans,
    createPlan: (body: PlanCreate): Promise<Plan> => api.call(admin.createPlan, { body }),
    updatePlan: (id: string, body: PlanPatch): Promise<Plan> => api.call(admin.updatePlan, { params: { id }, body }),
    deletePlan: (id: string): Promise<void> => api.call(admin.deletePlan, { params: { id } }),

    listAgents: async (options?: CallOptions): Promise<AdminAgent[]> => (await api.call(admin.agents, options)).agents,
    createAgent: (body: AgentInput): Promise<AdminAgent> => api.call(admin.createAgent, { body }),
    updateAgent: (id: string, body: AgentPatch): Promise<AdminAgent> => api.call(admin.updateAgent, { params: { id }, body }),
    deleteAgent: (id: string): Promise<void> => api.call(admin.deleteAgent, { params: { id } }),
    agentBuilder: (id: string, options?: CallOptions): Promise<AgentBuilder> => api.call(admin.agentBuilder, { ...options, params: { id } }),
    saveAgentDraft: (id: string, body: AgentBehaviour): Promise<AgentBuilder> => api.call(admin.saveAgentDraft, { params: { id }, body }),
    publishAgent: (id: string): Promise<AgentBuilder> => api.call(admin.publishAgent, { params: { id } }),
    restoreAgentVersion: (id: string, version: number): Promise<AgentBuilder> => api.call(admin.restoreAgentVersion, { params: { id, version: String(version) } }),

    listContent: async (options?: CallOptions): Promise<ContentSection[]> => (await api.call(admin.content, options)).sections,
    createContent: (body: ContentSectionInput): Promise<ContentSection> => api.call(admin.createContent, { body }),
    updateContent: (id: string, body: ContentSectionPatch): Promise<ContentSection> => api.call(admin.updateContent, { params: { id }, body }),

    /** Every course, archived ones too, with its members now. */
    listAllCourses: async (options?: CallOptions): Promise<Course[]> => (await api.call(admin.courses, options)).courses,
    createCourse: (body: CourseInput): Promise<Course> => api.call(admin.createCourse, { body }),
    updateCourse: (id: string, body: CoursePatch): Promise<Course> => api.call(admin.updateCourse, { params: { id }, body }),
    reorderCourses: async (courseIds: string[]): Promise<Course[]> => (await api.call(admin.reorderCourses, { body: { courseIds } })).courses,
    archiveCourse: (id: string): Promise<Course> => api.call(admin.archiveCourse, { params: { id } }),
    restoreCourse: (id: string): Promise<Course> => api.call(admin.restoreCourse, { params: { id } }),
    listEnrolments: async (courseId: string, options?: CallOptions): Promise<Enrolment[]> =>
      (await api.call(admin.enrolments, { ...options, params: { id: courseId } })).enrolments,
    grantEnrolment: (courseId: string, userId: string): Promise<Enrolment> => api.call(admin.grantEnrolment, { params: { id: courseId }, body: { userId } }),
    revokeEnrolment: (courseId: string, userId: string): Promise<void> => api.call(admin.revokeEnrolment, { params: { id: courseId, userId } }),

    listLessons: async (courseId: string, options?: CallOptions): Promise<AdminLesson[]> => (await api.call(admin.lessons, { ...options, params: { id: courseId } })).lessons,
    createLesson: (courseId: string, body: LessonInput): Promise<AdminLesson> => api.call(admin.createLesson, { params: { id: courseId }, body }),
    updateLesson: (courseId: string, lessonId: string, body: LessonPatch): Promise<AdminLesson> => api.call(admin.updateLesson, { params: { id: courseId, lessonId }, body }),
    reorderLessons: async (courseId: string, lessonIds: string[]): Promise<AdminLesson[]> =>
      (await api.call(admin.reorderLessons, { params: { id: courseId }, body: { lessonIds } })).lessons,

    customerLearning: (userId: string, options?: CallOptions): Promise<CustomerLearning> => api.call(CATALOG_CUSTOMER_ENDPOINTS.learning, { ...options, params: { userId } }),
  };
}

export type CatalogAdminApi = ReturnType<typeof catalogAdminApi>;
