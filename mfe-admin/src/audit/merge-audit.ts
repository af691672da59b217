import type { AdminAuditEntry } from '@agentdock/contracts';

/** Entries of several services as one list, newest first; one entry seen twice appears once. */
export function mergeNewestFirst(...lists: ReadonlyArray<readonly AdminAuditEntry[]>): AdminAuditEntry[] {
  const byId = new Map<string, AdminAuditEntry>();
  for (const list of lists) for (const entry of list) byId.set(`${entry.service}:${entry.id}`, entry);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** What each recorded action means to a person reading the trail. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.tier_change': 'Changed plan',
  'user.suspend': 'Suspended user',
  'user.reactivate': 'Reactivated user',
  'user.mfa_reset': 'Reset two-factor authentication',
  'user.session_revoke': 'Ended a sign-in',
  'api-key.created': 'Created an API key',
  'api-key.revoked': 'Revoked an API key',
  'plan.create': 'Created plan',
  'plan.update': 'Edited plan',
  'plan.delete': 'Deleted plan',
  'agent.create': 'Created agent',
  'agent.update': 'Edited agent',
  'agent.delete': 'Deleted agent',
  'agent.draft': "Saved an agent's draft",
  'agent.publish': 'Published an agent version',
  'agent.restore': 'Restored an agent version',
  'content.create': 'Created content',
  'content.update': 'Edited content',
  'course.create': 'Created a course',
  'course.update': 'Edited a course',
  'course.reorder': 'Reordered courses',
  'course.archive': 'Archived a course',
  'course.restore': 'Restored a course',
  'lesson.create': 'Created a lesson',
  'lesson.update': 'Edited a lesson',
  'lesson.reorder': 'Reordered lessons',
  'enrolment.grant': 'Granted course access',
  'enrolment.revoke': 'Revoked course access',
  'chat.wallet.adjust': 'Adjusted credits',
  'chat.message.refund': 'Refunded a reply',
  'chat.connection.create': 'Added a model connection',
  'chat.connection.update': 'Edited a model connection',
  'chat.connection.default': 'Made a connection the default',
  'chat.connection.delete': 'Deleted a model connection',
  'chat.knowledge.upload': 'Added a knowledge file',
  'chat.knowledge.replace': 'Replaced a knowledge file',
  'chat.knowledge.delete': 'Deleted a knowledge file',
  'chat.knowledge.settings': "Changed an agent's knowledge budget",
};

export const actionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;
