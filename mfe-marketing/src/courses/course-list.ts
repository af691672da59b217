/** The four courses and their monthly prices; full course content comes from the catalog later. */
export const COURSES = [
  { id: 'ai-fundamentals', title: 'AI Fundamentals', pricePerMonth: 25 },
  { id: 'build-ai-agents', title: 'Build AI Agents', pricePerMonth: 150 },
  { id: 'advanced-implementation', title: 'Advanced Implementation', pricePerMonth: 70 },
  { id: 'customer-service', title: 'AI for Customer Service', pricePerMonth: 100 },
] as const;

export type Course = (typeof COURSES)[number];

export function findCourse(id: string | undefined): Course | undefined {
  return COURSES.find((course) => course.id === id);
}
