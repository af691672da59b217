import { discussionCommentInput } from '@agentdock/contracts';
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

  router.get('/courses/:id/discussion', signedIn, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    await assertDiscussionAccess(context.db, courseId, getAuth(req));
    res.json({ comments: await listComments(context.db, courseId) });
  });

  router.post('/courses/:id/discussion', signedIn, async (req, res) => {
    const courseId = courseParams.parse(req.params).id;
    const claims = getAuth(req);
    await assertDiscussionAccess(context.db, courseId, claims);
    const { body } = discussionCommentInput.parse(req.body);
    res.status(201).json(await postComment(context.db, courseId, { id: claims.sub, name: authorNameOf(claims) }, body));
  });

  return router;
}
