import type { LessonInput } from '@agentdock/contracts';
import { SEED_COURSES } from '../course-catalogue';
import { aiFundamentals } from './ai-fundamentals';
import { buildAiAgents } from './build-ai-agents';
import { advancedImplementation } from './advanced-implementation';
import { customerService } from './customer-service';
import type { SeedText } from './seed-text';

/** What each seeded lesson teaches, keyed by course id and lesson title (the titles are the code-owned modules' own). */
const TEXTS: Record<string, Record<string, SeedText>> = {
  'ai-fundamentals': aiFundamentals,
  'build-ai-agents': buildAiAgents,
  'advanced-implementation': advancedImplementation,
  'customer-service': customerService,
};

export type SeedLesson = LessonInput & { courseId: string };

/** Every lesson of the four courses, published, the first of each course a free preview. */
export const SEED_LESSONS: readonly SeedLesson[] = SEED_COURSES.flatMap((course) =>
  course.modules.flatMap((module, moduleIndex) =>
    module.lessons.map((title, index): SeedLesson => {
      const text = TEXTS[course.id]?.[title];
      if (!text) throw new Error(`No seed text for the lesson "${title}" of ${course.id}`);
      return {
        courseId: course.id,
        moduleIndex,
        title,
        body: text.body,
        videoUrl: null,
        estimatedMinutes: text.minutes,
        exercisePrompt: text.exercise ?? null,
        isPreview: moduleIndex === 0 && index === 0,
        isPublished: true,
      };
    }),
  ),
);
