import { CATALOG_ENDPOINTS } from '@agentdock/contracts';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { assertDiscussionAccess, authorNameOf, listComments, postComment } from '../domain/discussion';
import { courseParams } from './params';

/** Each course's members-only discussion: enrolment is checked on the server for every call. */
export function discussionRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();
  const signedIn = requireAuth(context.verifier);

  router.get(CATALOG_ENDPOINTS.discussion.route, signedIn, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    await assertDiscussionAccess(context.db, courseId, getAuth(req));
    res.json({ comments: await listComments(context.db, courseId) });
  });

  router.post(CATALOG_ENDPOINTS.postComment.route, signedIn, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    const claims = getAuth(req);
    await assertDiscussionAccess(context.db, courseId, claims);
    const { body } = CATALOG_ENDPOINTS.postComment.request.parse(req.body);
    res.status(201).json(await postComment(context.db, courseId, { id: claims.sub, name: authorNameOf(claims) }, body));
  });

  return router;
}
