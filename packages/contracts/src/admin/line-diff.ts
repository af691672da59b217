import { diffLines } from 'diff';

/**
 * A long text's change (agent instructions, lesson bodies) as the audit trail shows it: one line per changed line, `+ ` added,
 * `- ` removed, unchanged stretches reduced to their count so a one-line edit of a long prompt
 * stays readable. Empty when nothing changed.
 */
export function lineDiff(before: string, after: string): string {
  if (before === after) return '';
  const lines: string[] = [];
  // Every line ends in a newline, so a line added at the end does not show its neighbour as changed.
  const ended = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  for (const part of diffLines(ended(before), ended(after))) {
    const partLines = part.value.replace(/\n$/, '').split('\n');
    if (part.added) lines.push(...partLines.map((line) => `+ ${line}`));
    else if (part.removed) lines.push(...partLines.map((line) => `- ${line}`));
    else lines.push(`  … ${partLines.length} unchanged line${partLines.length === 1 ? '' : 's'}`);
  }
  return lines.join('\n');
}
