import { createApiClient, ApiError, type CallOptions } from '@agentdock/api-client';
import { communityOffer, contentSectionList, course, courseList, agentList, type Course } from '@agentdock/contracts';

/** Anonymous calls to the gateway, which is the page's own origin. */
const client = createApiClient();

/** The public catalog as the marketing pages read it. */
export const marketingApi = {
  getPlans: (options?: CallOptions) => client.getPlans(options),

  async getAgents(options?: CallOptions) {
    return (await client.request('/api/catalog/agents', { ...options, schema: agentList })).agents;
  },

  async getContentSections(options?: CallOptions) {
    return (await client.request('/api/catalog/content', { ...options, schema: contentSectionList })).sections;
  },

  async getCourses(options?: CallOptions) {
    return (await client.request('/api/catalog/courses', { ...options, schema: courseList })).courses;
  },

  /** The course, or null when the catalog has no course with this id. */
  async getCourse(id: string, options?: CallOptions): Promise<Course | null> {
    try {
      return await client.request(`/api/catalog/courses/${encodeURIComponent(id)}`, { ...options, schema: course });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },

  getCommunity: (options?: CallOptions) => client.request('/api/catalog/community', { ...options, schema: communityOffer }),
};
