import { useState } from 'react';
import { ApiError } from '@agentdock/api-client';
import type { CourseProgress } from '@agentdock/contracts';
import { memberApi } from '../../api/member-api';

/** The learner's progress through the course, with this lesson marked complete or not. */
export function useLessonProgress(courseId: string, lessonId: string, initialProgress: CourseProgress | null) {
  const [progress, setProgress] = useState(initialProgress);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const completed = progress?.completedLessonIds.includes(lessonId) ?? false;

  const toggle = async () => {
    setSaving(true);
    setFailure(undefined);
    try {
      setProgress(await memberApi.setLessonCompleted(courseId, lessonId, !completed));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'We could not save your progress. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return { progress, saving, failure, completed, toggle };
}
