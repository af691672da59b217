import { fileURLToPath } from 'node:url';
import { CATALOG_BASE, DEFAULT_PLANS } from '@agentdock/contracts';
import type { ServiceDefinition } from '@agentdock/service-data';
import { type CatalogSchema, schema } from './db/schema';
import { insertAgent } from './domain/agents';
import { ASSETS_PATH } from './domain/assets';
import { insertContent } from './domain/content';
import { SEED_COURSES, seedCourseInput } from './domain/course-catalogue';
import { insertCourse } from './domain/courses';
import { stripLimitBullets } from './domain/plan-limit-bullets';
import { seedPlansIfEmpty } from './domain/plans';
import { publishSeedBehaviour } from './domain/agent-builder';
import { SEED_AGENTS } from './domain/seed-agents';
import { SEED_BEHAVIOURS } from './domain/seed-behaviours';
import { SEED_CONTENT } from './domain/seed-content';
import { courseAccessConsumers } from './events/billing';
import { applyNewSeeds } from './domain/seeding';
import { catalogStatsRouter } from './routes/admin-stats';
import { agentBuilderRouter } from './routes/agent-builder';
import { agentsRouter } from './routes/agents';
import { assetsHandler } from './routes/assets';
import { contentRouter } from './routes/content';
import { adminCoursesRouter } from './routes/admin-courses';
import { coursesRouter } from './routes/courses';
import { discussionRouter } from './routes/discussion';
import { enrolmentsRouter } from './routes/enrolments';
import { plansRouter } from './routes/plans';
import { adminCustomersRouter } from './routes/admin-customers';
import { adminLessonsRouter } from './routes/admin-lessons';
import { certificatesRouter } from './routes/certificates';
import { lessonsRouter } from './routes/lessons';
import { insertLesson } from './domain/lessons';
import { SEED_LESSONS } from './domain/seed-lessons';

/** svc-catalog owns what is for sale and what is shown: plans, agents, content sections and courses. */
export const catalogService: ServiceDefinition<CatalogSchema> = {
  name: 'svc-catalog',
  defaultPort: 3102,
  schema,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  mount(app, context) {
    app.use(ASSETS_PATH, assetsHandler());
    app.use(catalogStatsRouter(context));
    app.use(CATALOG_BASE, plansRouter(context));
    app.use(CATALOG_BASE, agentsRouter(context));
    app.use(CATALOG_BASE, agentBuilderRouter(context));
    app.use(CATALOG_BASE, contentRouter(context));
    app.use(CATALOG_BASE, coursesRouter(context));
    app.use(CATALOG_BASE, adminCoursesRouter(context));
    app.use(CATALOG_BASE, enrolmentsRouter(context));
    app.use(CATALOG_BASE, discussionRouter(context));
    app.use(CATALOG_BASE, lessonsRouter(context));
    app.use(CATALOG_BASE, adminLessonsRouter(context));
    app.use(CATALOG_BASE, adminCustomersRouter(context));
    app.use(CATALOG_BASE, certificatesRouter(context));
  },
  consumers: courseAccessConsumers,
  async onStart(context) {
    const plans = await seedPlansIfEmpty(context, DEFAULT_PLANS);
    // A data fix, applied once per database like a seed: plans saved before bullets were generated lose their numeric ones.
    await applyNewSeeds(
      context,
      'data-fix',
      ['plan-limit-bullets'],
      (key) => key,
      (tx) => stripLimitBullets(context, tx),
    );
    const agents = await applyNewSeeds(
      context,
      'agent',
      SEED_AGENTS,
      (agent) => agent.key,
      (tx, agent) => insertAgent(context, tx, agent, true),
    );
    const versions = await applyNewSeeds(
      context,
      'agent-behaviour',
      Object.entries(SEED_BEHAVIOURS),
      ([key]) => key,
      (tx, [key, behaviour]) => publishSeedBehaviour(context, tx, key, behaviour),
    );
    const sections = await applyNewSeeds(
      context,
      'content',
      SEED_CONTENT,
      (section) => section.slot,
      (tx, section) => insertContent(context, tx, section, true),
    );
    // Before the lessons, which are checked against their course's modules.
    const courses = await applyNewSeeds(
      context,
      'course',
      SEED_COURSES,
      (course) => course.id,
      (tx, course) => insertCourse(context, tx, course.id, seedCourseInput(course)),
    );
    const lessons = await applyNewSeeds(
      context,
      'lesson',
      SEED_LESSONS,
      (lesson) => `${lesson.courseId}/${lesson.moduleIndex}/${lesson.title}`,
      (tx, { courseId, ...lesson }) => insertLesson(tx, courseId, lesson),
    );
    if (plans + agents + versions + sections + courses + lessons > 0) context.logger.info({ plans, agents, versions, sections, courses, lessons }, 'seeded the catalog');
  },
};
