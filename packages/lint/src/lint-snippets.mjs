// Lints code snippets as if they lived at the given paths, with the repository's real
// configuration, and prints which rules fired. The boundary tests drive it in a child process:
// ESLint loads its configuration through Node's own ESM loader, which jest's module system is not.
// stdin: [{ "file": "svc-chat/src/x.ts", "code": "..." }]   stdout: [{ "file", "rules": [...] }]
import { ESLint } from 'eslint';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { repositoryRoot } from './config.mjs';

const snippets = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: repositoryRoot });
const results = [];
for (const { file, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, file) });
  results.push({ file, rules: result.messages.map((message) => message.ruleId ?? message.message) });
}
process.stdout.write(JSON.stringify(results));
