export const coursePath = (courseId: string) => `/courses/${encodeURIComponent(courseId)}`;
export const lessonPath = (courseId: string, lessonId: string) => `${coursePath(courseId)}/lessons/${encodeURIComponent(lessonId)}`;
