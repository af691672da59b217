// For tests of the repository's lint rules, wherever the rule's reason lives (packages/lint,
// gateway, …): snippets linted as if they lived at given paths, with the real configuration.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

export type Snippet = { file: string; code: string };

/** The rules the repository's ESLint configuration reports for each snippet, by its `file`. */
export function lintSnippets(snippets: Snippet[]): Map<string, string[]> {
  // ESLint loads its configuration through Node's own ESM loader, which jest's module system is not: a child process.
  const output = execFileSync(process.execPath, [path.join(root, 'packages/lint/src/lint-snippets.mjs')], { input: JSON.stringify(snippets), encoding: 'utf8' });
  const results = JSON.parse(output) as Array<{ file: string; rules: string[] }>;
  return new Map(results.map((result) => [result.file, result.rules]));
}

/** `eslint --stdin` from the repository root, as `npm run lint` runs it, on one snippet. */
export function eslintCommand({ file, code }: Snippet): { stdout: string; status: number | null } {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  return { stdout: run.stdout, status: run.status };
}
