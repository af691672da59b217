import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  adminAgent,
  adminAgentList,
  contentSection,
  contentSectionList,
  courseList,
  enrolment,
  enrolmentList,
  plan,
  planList,
  type AdminAgent,
  type AgentInput,
  type AgentPatch,
  type ContentSection,
  type ContentSectionInput,
  type ContentSectionPatch,
  type Course,
  type Enrolment,
  type Plan,
  type PlanCreate,
  type PlanPatch,
} from '@agentdock/contracts';

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** svc-catalog's admin API: plans, agents, content sections and course enrolments. */
export function catalogAdminApi(api: ApiClient) {
  return {
    listPlans: async (options?: CallOptions): Promise<Plan[]> => (await api.request('/api/catalog/admin/plans', { ...options, schema: planList })).plans,
    createPlan: (body: PlanCreate): Promise<Plan> => api.request('/api/catalog/admin/plans', { method: 'POST', body, schema: plan }),
    updatePlan: (id: string, body: PlanPatch): Promise<Plan> => api.request(`/api/catalog/admin/plans/${path(id)}`, { method: 'PATCH', body, schema: plan }),
    deletePlan: (id: string): Promise<void> => api.request(`/api/catalog/admin/plans/${path(id)}`, { method: 'DELETE' }),

    listAgents: async (options?: CallOptions): Promise<AdminAgent[]> => (await api.request('/api/catalog/admin/agents', { ...options, schema: adminAgentList })).agents,
    createAgent: (body: AgentInput): Promise<AdminAgent> => api.request('/api/catalog/admin/agents', { method: 'POST', body, schema: adminAgent }),
    updateAgent: (id: string, body: AgentPatch): Promise<AdminAgent> => api.request(`/api/catalog/admin/agents/${path(id)}`, { method: 'PATCH', body, schema: adminAgent }),
    deleteAgent: (id: string): Promise<void> => api.request(`/api/catalog/admin/agents/${path(id)}`, { method: 'DELETE' }),

    listContent: async (options?: CallOptions): Promise<ContentSection[]> => (await api.request('/api/catalog/admin/content', { ...options, schema: contentSectionList })).sections,
    createContent: (body: ContentSectionInput): Promise<ContentSection> => api.request('/api/catalog/admin/content', { method: 'POST', body, schema: contentSection }),
    updateContent: (id: string, body: ContentSectionPatch): Promise<ContentSection> =>
      api.request(`/api/catalog/admin/content/${path(id)}`, { method: 'PATCH', body, schema: contentSection }),

    listCourses: async (options?: CallOptions): Promise<Course[]> => (await api.request('/api/catalog/courses', { ...options, schema: courseList })).courses,
    listEnrolments: async (courseId: string, options?: CallOptions): Promise<Enrolment[]> =>
      (await api.request(`/api/catalog/admin/courses/${path(courseId)}/enrolments`, { ...options, schema: enrolmentList })).enrolments,
    grantEnrolment: (courseId: string, userId: string): Promise<Enrolment> =>
      api.request(`/api/catalog/admin/courses/${path(courseId)}/enrolments`, { method: 'POST', body: { userId }, schema: enrolment }),
    revokeEnrolment: (courseId: string, userId: string): Promise<void> => api.request(`/api/catalog/admin/courses/${path(courseId, 'enrolments', userId)}`, { method: 'DELETE' }),
  };
}

export type CatalogAdminApi = ReturnType<typeof catalogAdminApi>;
