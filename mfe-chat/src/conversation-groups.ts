/** The list's headings, newest first, as ChatGPT and LibreChat group a history. */
export const GROUP_LABELS = ['Today', 'Yesterday', 'Previous 7 days', 'Older'] as const;
export type GroupLabel = (typeof GROUP_LABELS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the day `time` falls on, in the reader's own time zone (their "today"). */
function localDayStart(time: Date): number {
  return new Date(time.getFullYear(), time.getMonth(), time.getDate()).getTime();
}

/** Which heading a conversation last active at `updatedAt` goes under, seen at `now`. */
export function groupOf(updatedAt: string, now: Date): GroupLabel {
  const today = localDayStart(now);
  const day = localDayStart(new Date(updatedAt));
  if (day >= today) return 'Today';
  if (day >= today - DAY_MS) return 'Yesterday';
  if (day >= today - 7 * DAY_MS) return 'Previous 7 days';
  return 'Older';
}

/** The conversations under their headings, in the order given (the server's newest first); empty headings left out. */
export function groupConversations<T extends { updatedAt: string }>(conversations: readonly T[], now: Date): Array<{ label: GroupLabel; items: T[] }> {
  const groups = new Map<GroupLabel, T[]>();
  for (const conversation of conversations) {
    const label = groupOf(conversation.updatedAt, now);
    groups.set(label, [...(groups.get(label) ?? []), conversation]);
  }
  return GROUP_LABELS.filter((label) => groups.has(label)).map((label) => ({ label, items: groups.get(label)! }));
}
