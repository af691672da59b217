// Relative links in the repository's Markdown must lead to a file or folder inside the
// repository: a newcomer following a dead link, or one to a document that only exists on the
// authors' machines, loses the thread.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type DanglingLink = { file: string; line: number; target: string; reason: 'missing' | 'outside the repository' };

const skippedFolders = new Set(['node_modules', 'dist', '.git', '.data', 'coverage', 'test-results', 'playwright-report', 'reports']);

/** Every Markdown file under `root`, relative to it, skipping dependencies and build output. */
function markdownFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name) && !entry.name.startsWith('.stryker-tmp')) files.push(...markdownFiles(root, relative));
    } else if (entry.name.endsWith('.md')) {
      files.push(relative);
    }
  }
  return files;
}

/** Link targets of a Markdown text with their line numbers; code (fenced or inline) is not prose, so its brackets are skipped. */
export function linkTargets(markdown: string): Array<{ line: number; target: string }> {
  const targets: Array<{ line: number; target: string }> = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) targets.push({ line: index + 1, target: match[1] ?? match[2] ?? '' });
    const reference = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(prose);
    if (reference?.[1]) targets.push({ line: index + 1, target: reference[1] });
  });
  return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#');

/** Relative links in the Markdown under `root` that lead nowhere, or out of the repository. */
export function danglingLinks(root: string): DanglingLink[] {
  const found: DanglingLink[] = [];
  for (const file of markdownFiles(root)) {
    for (const { line, target } of linkTargets(readFileSync(path.join(root, file), 'utf8'))) {
      if (isExternal(target)) continue;
      const pathPart = decodeURI(target.replace(/[#?].*$/, ''));
      if (!pathPart) continue;
      const resolved = pathPart.startsWith('/') ? path.join(root, pathPart) : path.resolve(root, path.dirname(file), pathPart);
      const inside = path.relative(root, resolved);
      if (inside.startsWith('..') || path.isAbsolute(inside)) found.push({ file, line, target, reason: 'outside the repository' });
      else if (!existsSync(resolved)) found.push({ file, line, target, reason: 'missing' });
    }
  }
  return found;
}
