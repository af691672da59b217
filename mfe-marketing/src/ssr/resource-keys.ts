/** useResource keys the server renderer seeds; the page and the server loader must name them alike. */
export const RESOURCE_KEYS = {
  plans: 'plans',
  agents: 'agents',
  courses: 'courses',
  communityOffer: 'community offer',
  course: (courseId: string) => `course ${courseId}`,
  outline: (courseId: string) => `outline ${courseId}`,
} as const;
