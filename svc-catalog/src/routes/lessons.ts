import { CATALOG_ENDPOINTS } from '@agentdock/contracts';
import { getAuth, getOptionalAuth, optionalAuth, requireAuth } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { getLesson, getOutline } from '../domain/lessons';
import { getExerciseAnswer, getLearningSummary, getProgress, saveExerciseAnswer, setLessonCompletion } from '../domain/progress';
import { courseParams, lessonParams } from './params';

/** Lessons, the learner's progress and exercise answers. Access is decided per lesson by the domain. */
export function lessonsRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const signedIn = requireAuth(context.verifier);
  const anyone = optionalAuth(context.verifier);

  router.get(CATALOG_ENDPOINTS.outline.route, async (req, res) => {
    res.json(await getOutline(context.db, courseParams.parse(req.params).id));
  });

  router.get(CATALOG_ENDPOINTS.lesson.route, anyone, async (req, res) => {
    const { id, lessonId } = lessonParams.parse(req.params);
    res.json(await getLesson(context.db, id, lessonId, getOptionalAuth(req)));
  });

  router.get(CATALOG_ENDPOINTS.progress.route, signedIn, async (req, res) => {
    res.json(await getProgress(context.db, courseParams.parse(req.params).id, getAuth(req).sub));
  });

  router.put(CATALOG_ENDPOINTS.completeLesson.route, signedIn, async (req, res) => {
    const { id, lessonId } = lessonParams.parse(req.params);
    res.json(await setLessonCompletion({ db: context.db, writer: context }, id, lessonId, getAuth(req), true));
  });

  router.delete(CATALOG_ENDPOINTS.uncompleteLesson.route, signedIn, async (req, res) => {
    const { id, lessonId } = lessonParams.parse(req.params);
    res.json(await setLessonCompletion({ db: context.db, writer: context }, id, lessonId, getAuth(req), false));
  });

  router.get(CATALOG_ENDPOINTS.exerciseAnswer.route, signedIn, async (req, res) => {
    const { id, lessonId } = lessonParams.parse(req.params);
    res.json(await getExerciseAnswer(context.db, id, lessonId, getAuth(req)));
  });

  router.put(CATALOG_ENDPOINTS.saveExerciseAnswer.route, signedIn, async (req, res) => {
    const { id, lessonId } = lessonParams.parse(req.params);
    const { answer } = CATALOG_ENDPOINTS.saveExerciseAnswer.request.parse(req.body);
    res.json(await saveExerciseAnswer(context.db, id, lessonId, getAuth(req), answer));
  });

  router.get(CATALOG_ENDPOINTS.learning.route, signedIn, async (req, res) => {
    res.json(await getLearningSummary(context.db, getAuth(req).sub));
  });

  return router;
}
