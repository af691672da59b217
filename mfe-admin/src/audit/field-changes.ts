import { lineDiff } from '@agentdock/contracts';
import { formatPrice } from '@agentdock/ui';

/** One field an admin action changed, in words: its label and both values as a person reads them. */
export interface FieldChange {
  path: string;
  label: string;
  before: string;
  after: string;
  /** Long or multi-line text (lesson bodies, instructions, bullet lists) as `+ `/`- ` lines. */
  lines: string | null;
}

/** Fields a reader knows by another name; the rest are their camelCase split into words. */
const LABELS: Record<string, string> = {
  'monthly.amountMinor': 'monthly price',
  'annual.amountMinor': 'annual price',
  monthly: 'monthly price',
  annual: 'annual price',
  priceMinor: 'price',
  amountMinor: 'price',
  platformCreditsLimit: 'monthly credits',
  realTokensLimit: 'token limit',
  apiCallsLimit: 'API call limit',
  agentsIncluded: 'agents included',
  notIncluded: 'not-included list',
  cta: 'button text',
  isActive: 'active',
  isSuspended: 'suspension',
  subscriptionTier: 'plan',
  sortOrder: 'position',
  mfaEnabled: 'two-factor authentication',
  bodyMarkdown: 'lesson text',
  imageUrl: 'image',
  durationLabel: 'duration',
  estimatedDuration: 'duration',
  'instructor.name': "instructor's name",
  'instructor.role': "instructor's role",
  'instructor.image': "instructor's photo",
};

/**
 * Fields that are derived or internal: the provider's price id changes with the price, and the
 * times and computed figures say nothing an admin chose.
 */
// The reason of a credit change is said in the entry's sentence, not as a field that "changed".
const HIDDEN = new Set(['reason', 'id', 'createdAt', 'updatedAt', 'priceId', 'annualPerMonthMinor', 'html', 'instructionsDiff', 'version', 'restoredFrom']);
const LONG_TEXT = 120;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function labelOf(path: string): string {
  const last = path.split('.').at(-1)!;
  return LABELS[path] ?? LABELS[last] ?? last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A value as words: money in its currency, yes/no, "none" for nothing, lists joined. */
function formatValue(path: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number') return /Minor$/.test(path) ? formatPrice(value, currency) : new Intl.NumberFormat('en-US').format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return `"${value}"`;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.length === 0 ? 'none' : value.join('; ');
  if (isRecord(value) && typeof value.amountMinor === 'number') return formatPrice(value.amountMinor, currency);
  return JSON.stringify(value);
}

/** A field whose values read better as lines than as one string. */
function asLines(value: unknown): string | null {
  if (typeof value === 'string' && (value.includes('\n') || value.length > LONG_TEXT)) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join('\n');
  return null;
}

function collect(path: string, before: unknown, after: unknown, currency: string, out: FieldChange[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  // A price that exists on both sides is compared field by field, so only the amount shows.
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!HIDDEN.has(key)) collect(path ? `${path}.${key}` : key, before[key], after[key], currency, out);
    }
    return;
  }
  const beforeLines = asLines(before);
  const afterLines = asLines(after);
  const asText = beforeLines !== null || afterLines !== null;
  const lines = asText ? lineDiff(beforeLines ?? '', afterLines ?? '') : null;
  out.push({ path, label: labelOf(path), before: formatValue(path, before, currency), after: formatValue(path, after, currency), lines });
}

/**
 * What an admin action changed, field by field, for entries that record both sides (an update);
 * empty when one side is missing (a creation or deletion) or nothing visible changed.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const currency = typeof after.currency === 'string' ? after.currency : typeof before.currency === 'string' ? before.currency : 'usd';
  const out: FieldChange[] = [];
  collect('', before, after, currency, out);
  return out;
}
