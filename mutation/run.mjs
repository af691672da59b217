// `npm run mutation [scope ...]`: runs StrykerJS once per scope (all of them by default), one
// after another, then prints the mutation score of every scope and module from the JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { scopes } from './scopes.mjs';

// Options (e.g. --force, to ignore the incremental results) go to every Stryker run.
// --table only prints the table from the reports already written.
const tableOnly = process.argv.includes('--table');
const strykerOptions = process.argv.slice(2).filter((arg) => arg.startsWith('--') && arg !== '--table');
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = requested.filter((name) => !(name in scopes));
if (unknown.length > 0) {
  console.error(`Unknown scope(s): ${unknown.join(', ')}. Known: ${Object.keys(scopes).join(', ')}`);
  process.exit(2);
}
const names = tableOnly ? [] : requested.length > 0 ? requested : Object.keys(scopes);
let failed = false;
for (const name of names) {
  console.log(`\n=== mutation testing: ${name} ===`);
  const result = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...strykerOptions], { stdio: 'inherit', env: { ...process.env, MUTATION_SCOPE: name } });
  if (result.status !== 0) failed = true;
}

// Killed and timed-out mutants count as detected; compile/runtime errors and ignored ones are
// not mutants the tests could judge, so they stay out of the score (as in Stryker's own figure).
// "covered" leaves out mutants no test in the scope even runs (code only the slower API tests
// under each service's test/ reach), to tell weak assertions apart from untested code.
const detected = new Set(['Killed', 'Timeout']);
const percent = (part, whole) => (whole === 0 ? 100 : (100 * part) / whole);
function score(mutants) {
  const count = (status) => mutants.filter((mutant) => status(mutant.status)).length;
  const detectedCount = count((status) => detected.has(status));
  // Timeouts are shown apart: on a loaded machine a slow test can pass for a hung mutant.
  const timeouts = count((status) => status === 'Timeout');
  const survived = count((status) => status === 'Survived');
  const noCoverage = count((status) => status === 'NoCoverage');
  const measured = detectedCount + survived + noCoverage;
  return {
    measured,
    // Static mutants left out with ignoreStatic (module-level data such as schemas).
    ignored: count((status) => status === 'Ignored'),
    killed: detectedCount - timeouts,
    timeouts,
    survived,
    noCoverage,
    score: percent(detectedCount, detectedCount + survived + noCoverage),
    covered: percent(detectedCount, detectedCount + survived),
  };
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
console.log('\nscope                  module                                              killed  timeout  survived  no cov  ignored   score  covered');
const shown = (figure) => (figure === null ? '  n/a  ' : `${figure.toFixed(1).padStart(5)} %`);
for (const row of rows) {
  const figures = [row.killed, row.timeouts, row.survived, row.noCoverage, row.ignored].map((figure, index) => String(figure).padStart([6, 8, 9, 7, 8][index])).join(' ');
  const none = row.measured === 0;
  console.log(`${row.scope.padEnd(22)} ${row.module.padEnd(51)} ${figures}  ${shown(none ? null : row.score)}  ${shown(row.measured === row.noCoverage ? null : row.covered)}`);
}
process.exit(failed ? 1 : 0);
