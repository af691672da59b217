import type { Db } from '@agentdock/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { listMailbox } from '../domain/mailbox';
import { MAILBOX_PAGE_CSP, renderMailboxPage } from './mailbox-page';

const mailboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/** The local mailbox (development only): a page for people, JSON for tests. */
export function mailboxRouter(db: Db): Router {
  const router = Router();

  router.get('/dev/mailbox', async (req, res) => {
    const { to } = mailboxQuery.parse(req.query);
    res.set({ 'Content-Security-Policy': MAILBOX_PAGE_CSP, 'Cache-Control': 'no-store' }).type('html').send(renderMailboxPage(await listMailbox(db, to)));
  });

  router.get('/dev/mailbox/messages', async (req, res) => {
    const { to } = mailboxQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json({ messages: await listMailbox(db, to) });
  });

  return router;
}
