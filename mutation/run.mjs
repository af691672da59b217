// `npm run mutation [scope ...]`: runs StrykerJS once per scope (all of them by default), one
// after another, then prints the mutation score of every scope and module from the JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { scopes } from './scopes.mjs';

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in scopes));
if (unknown.length > 0) {
  console.error(`Unknown scope(s): ${unknown.join(', ')}. Known: ${Object.keys(scopes).join(', ')}`);
  process.exit(2);
}
const names = requested.length > 0 ? requested : Object.keys(scopes);
let failed = false;
for (const name of names) {
  console.log(`\n=== mutation testing: ${name} ===`);
  const result = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], { stdio: 'inherit', env: { ...process.env, MUTATION_SCOPE: name } });
  if (result.status !== 0) failed = true;
}

// Killed and timed-out mutants count as detected; compile/runtime errors and ignored ones are
// not mutants the tests could judge, so they stay out of the score (as in Stryker's own figure).
const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);
function score(mutants) {
  const killed = mutants.filter((mutant) => detected.has(mutant.status)).length;
  const survived = mutants.filter((mutant) => undetected.has(mutant.status)).length;
  return { killed, survived, score: killed + survived === 0 ? 100 : (100 * killed) / (killed + survived) };
}
const rows = [];
for (const name of Object.keys(scopes)) {
  const file = `reports/mutation/${name}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = Object.entries(report.files);
  rows.push({ scope: name, module: '(all)', ...score(files.flatMap(([, entry]) => entry.mutants)) });
  for (const [path, entry] of files) rows.push({ scope: name, module: relative(process.cwd(), path), ...score(entry.mutants) });
}
console.log('\nscope                  module                                              killed  survived  score');
for (const row of rows) {
  console.log(`${row.scope.padEnd(22)} ${row.module.padEnd(51)} ${String(row.killed).padStart(6)} ${String(row.survived).padStart(9)}  ${row.score.toFixed(1).padStart(5)} %`);
}
process.exit(failed ? 1 : 0);
