import { createApiClient, ApiError, type CallOptions } from '@agentdock/api-client';
import { CATALOG_ENDPOINTS, type Course } from '@agentdock/contracts';

/** Anonymous calls to the gateway, which is the page's own origin. */
const client = createApiClient();

/** The public catalog as the marketing pages read it. */
export const marketingApi = {
  async getPlans(options?: CallOptions) {
    return (await client.call(CATALOG_ENDPOINTS.plans, options)).plans;
  },

  async getAgents(options?: CallOptions) {
    return (await client.call(CATALOG_ENDPOINTS.agents, options)).agents;
  },

  async getContentSections(options?: CallOptions) {
    return (await client.call(CATALOG_ENDPOINTS.content, options)).sections;
  },

  async getCourses(options?: CallOptions) {
    return (await client.call(CATALOG_ENDPOINTS.courses, options)).courses;
  },

  /** The course, or null when the catalog has no course with this id. */
  async getCourse(id: string, options?: CallOptions): Promise<Course | null> {
    try {
      return await client.call(CATALOG_ENDPOINTS.course, { ...options, params: { id } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },

  getCommunity: (options?: CallOptions) => client.call(CATALOG_ENDPOINTS.community, options),

  getOutline: (courseId: string, options?: CallOptions) => client.call(CATALOG_ENDPOINTS.outline, { ...options, params: { id: courseId } }),

  /** The certificate behind a verification code, or null when no certificate has it. */
  async getCertificate(code: string, options?: CallOptions) {
    try {
      return await client.call(CATALOG_ENDPOINTS.certificate, { ...options, params: { code } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};
