import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Money rules written once: a second copy drifts from the first (the refusal once quoted one
 * figure on one path and another on the other). Each pattern is a way of stating the rule; it
 * may stand in the one file named and nowhere else in svc-chat's or the contracts' sources.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['svc-chat/src', 'packages/contracts/src'];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const RULES: Array<{ rule: string; pattern: RegExp; home: string }> = [
  { rule: 'the send estimate (message and a reply twice its length)', pattern: /messageTokens \* (2|3)\b/g, home: 'packages/contracts/src/chat/rules.ts' },
  { rule: 'what the insufficient-credits refusal quotes as needed', pattern: /Math\.max\([^)]*estimate/g, home: 'svc-chat/src/domain/metering/bound.ts' },
  { rule: "the month's API calls used up (TypeScript)", pattern: /apiCallsUsed\s*(>=|<)\s*\w*\.?apiCallsLimit/g, home: 'svc-chat/src/domain/ledger/reservations.ts' },
  { rule: "the month's API calls used up (the reservation statement)", pattern: /api_calls_used\s*<\s*api_calls_limit/g, home: 'svc-chat/src/domain/ledger/reservations.ts' },
  {
    rule: 'plan credits spent before purchased ones (SQL)',
    pattern: /least\((credits_remaining|\$\{chatWallets\.creditsRemaining\})/g,
    home: 'svc-chat/src/domain/ledger/plan-first.ts',
  },
  { rule: 'the most a send can cost (the "up to" shown and reserved)', pattern: /creditsForTokens\([^)]*\+[^)]*[bB]ound/g, home: 'packages/contracts/src/chat/rules.ts' },
  {
    rule: "a send's user message written (new messages, edits and regenerations alike)",
    pattern: /'user', \$\{value\('content'\)\}|role: 'user',\s*content: input\./g,
    home: 'svc-chat/src/domain/send-record.ts',
  },
  { rule: 'the settlement retry policy', pattern: /SETTLEMENT_RETRY_MS\s*=/g, home: 'svc-chat/src/domain/metering/settle.ts' },
];

describe('money rules stated once', () => {
  const files = FOLDERS.flatMap((folder) => sources(join(ROOT, folder))).map((path) => ({ path: relative(ROOT, path), code: readFileSync(path, 'utf8') }));

  it.each(RULES)('$rule: only in $home', ({ pattern, home }) => {
    const places = files.flatMap(({ path, code }) => [...code.matchAll(pattern)].map(() => path));
    expect(places.filter((path) => path !== home)).toEqual([]);
    expect(places.length).toBeGreaterThan(0);
  });

  it('plan credits first: never restated in TypeScript, where a stale read of the buckets would decide', () => {
    const restated = files.filter(({ code }) => /Math\.min\(\w+, \w+\.plan\)/.test(code)).map(({ path }) => path);
    expect(restated).toEqual([]);
  });
});
