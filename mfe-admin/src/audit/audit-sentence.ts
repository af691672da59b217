import { type AdminAuditEntry, SUBSCRIPTION_TIER_LABELS, type SubscriptionTier } from '@agentdock/contracts';
import type { FieldChange } from './field-changes';

/** The people and thing an entry names, as the console resolved them. */
export interface SentenceParts {
  actor: string;
  /** The user the action concerns, when it concerns one. */
  subject: string | null;
  changes: readonly FieldChange[];
}

/** What each kind of target is called in a sentence ("the plan Starter"). */
const KIND_NOUNS: Record<string, string> = {
  plan: 'the plan',
  agent: 'the agent',
  lesson: 'the lesson',
  content: 'the page section',
  course: 'the course',
  connection: 'the model connection',
  'api-key': 'the API key',
  message: 'a reply',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function nameIn(value: unknown): string | null {
  if (!isRecord(value)) return null;
  for (const key of ['name', 'title', 'label']) if (typeof value[key] === 'string' && value[key] !== '') return value[key];
  return null;
}

/** The target's name as the entry recorded it (its newest one), else its key. */
export function targetName(entry: Pick<AdminAuditEntry, 'target' | 'before' | 'after'>): string {
  return nameIn(entry.after) ?? nameIn(entry.before) ?? entry.target.slice(entry.target.indexOf(':') + 1);
}

export const targetKind = (target: string) => target.slice(0, Math.max(0, target.indexOf(':')));

const possessive = (name: string) => `${name}'s`;

function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Starter's monthly price from $50 to $45", or the fields' names when several changed. */
function changedWhat(name: string, changes: readonly FieldChange[]): string {
  const [only] = changes;
  if (changes.length === 1 && only && only.lines === null) return `${possessive(name)} ${only.label} from ${only.before} to ${only.after}`;
  return `${possessive(name)} ${listed(changes.map((change) => change.label))}`;
}

function tierOf(value: unknown): string {
  const tier = isRecord(value) ? value.subscriptionTier : undefined;
  return typeof tier === 'string' ? (SUBSCRIPTION_TIER_LABELS[tier as SubscriptionTier] ?? tier) : 'no';
}

/** The reason an admin gave for a credit change, as the entry's `before` carries it. */
function reasonOf(before: unknown): string {
  return isRecord(before) && typeof before.reason === 'string' && before.reason !== '' ? `: "${before.reason}"` : '';
}

/** One entry as a sentence: "Anna Admin changed Starter's monthly price from $50 to $45". */
export function auditSentence(entry: AdminAuditEntry, parts: SentenceParts): string {
  const { actor, changes } = parts;
  const subject = parts.subject ?? 'a user';
  const name = targetName(entry);
  const kind = targetKind(entry.target);
  const thing = `${KIND_NOUNS[kind] ?? 'the item'} ${name}`;
  const [, verb] = entry.action.split(/\.(?=[^.]+$)/);
  switch (entry.action) {
    case 'user.suspend':
      return `${actor} suspended ${subject}`;
    case 'user.reactivate':
      return `${actor} reactivated ${subject}`;
    case 'user.tier_change':
      return `${actor} moved ${subject} from the ${tierOf(entry.before)} plan to the ${tierOf(entry.after)} plan`;
    case 'user.mfa_reset':
      return `${actor} reset two-factor authentication for ${subject}`;
    case 'user.session_revoke':
      return `${actor} ended a sign-in of ${subject}`;
    case 'enrolment.grant':
      return `${actor} gave ${subject} access to ${thing}`;
    case 'enrolment.revoke':
      return `${actor} took ${subject}'s access to ${thing} away`;
    case 'chat.wallet.adjust':
      return `${actor} adjusted the credits of ${subject}${reasonOf(entry.before)}`;
    case 'chat.message.refund':
      return `${actor} refunded a reply to ${subject}${reasonOf(entry.before)}`;
    case 'chat.connection.default':
      return `${actor} made ${thing} the default`;
    case 'agent.draft':
      return `${actor} saved a draft of ${thing}`;
    case 'agent.publish':
      return `${actor} published a new version of ${thing}`;
    case 'agent.restore':
      return `${actor} restored an earlier version of ${thing}`;
    case 'lesson.reorder':
      return `${actor} reordered the lessons of ${thing}`;
    case 'course.reorder':
      return `${actor} reordered the courses`;
    case 'api-key.created':
      return `${actor} created ${thing}${parts.subject ? ` for ${parts.subject}` : ''}`;
    case 'api-key.revoked':
      return `${actor} revoked ${thing}${parts.subject ? ` of ${parts.subject}` : ''}`;
  }
  if (verb === 'update') return changes.length > 0 ? `${actor} changed ${changedWhat(name, changes)}` : `${actor} edited ${thing}`;
  if (verb === 'create') return `${actor} created ${thing}`;
  if (verb === 'delete') return `${actor} deleted ${thing}`;
  if (verb === 'archive') return `${actor} archived ${thing}`;
  if (verb === 'restore') return `${actor} restored ${thing}`;
  return `${actor} changed ${thing}`;
}
