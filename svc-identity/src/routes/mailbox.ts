import { createHash, timingSafeEqual } from 'node:crypto';
import { IDENTITY_MAILBOX_ENDPOINTS } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { listMailbox } from '../domain/mailbox';
import { MAILBOX_PAGE_CSP, renderMailboxPage } from './mailbox-page';

const mailboxQuery = z.object({ to: z.string().trim().max(254).optional(), token: z.string().max(200).optional() });

export const MAILBOX_TOKEN_HEADER = 'x-mailbox-token';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The mailbox shows sign-in codes and links for every account, admins included: without its
 * secret it answers as if it did not exist. Digests keep the comparison constant-time whatever the
 * length of what was sent.
 */
function requireMailboxToken(expected: string): RequestHandler {
  const expectedDigest = digest(expected);
  return (req, _res, next) => {
    const sent = req.get(MAILBOX_TOKEN_HEADER) ?? (typeof req.query.token === 'string' ? req.query.token : '');
    if (sent && timingSafeEqual(digest(sent), expectedDigest)) return next();
    next(new AppError('not_found', 'Not found. The local mailbox needs the link printed when Agentdock started.'));
  };
}

/** The local mailbox (development only): a page for people, JSON for tests. */
export function mailboxRouter(db: Db, token: string): Router {
  const router = Router();
  router.use(IDENTITY_MAILBOX_ENDPOINTS.page.route, requireMailboxToken(token));

  router.get(IDENTITY_MAILBOX_ENDPOINTS.page.route, async (req, res) => {
    const { to } = mailboxQuery.parse(req.query);
    res
      .set({ 'Content-Security-Policy': MAILBOX_PAGE_CSP, 'Cache-Control': 'no-store' })
      .type('html')
      .send(renderMailboxPage(await listMailbox(db, to)));
  });

  router.get(IDENTITY_MAILBOX_ENDPOINTS.messages.route, async (req, res) => {
    const { to } = mailboxQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json({ messages: await listMailbox(db, to) });
  });

  return router;
}
