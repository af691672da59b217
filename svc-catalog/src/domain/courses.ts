import type { CourseDefinition } from '@agentdock/contracts';
import { COURSES } from './course-catalogue';
import { CatalogError } from './errors';

export function listCourses(): readonly CourseDefinition[] {
  return COURSES;
}

/** The course with this id, or CatalogError `course_not_found` (the page shows 'Course Not Found'). */
export function getCourse(id: string): CourseDefinition {
  const course = COURSES.find((candidate) => candidate.id === id);
  if (!course) throw new CatalogError('course_not_found');
  return course;
}
