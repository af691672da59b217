// StrykerJS for `npm run mutation` (see docs/mutation-testing.md). One scope per run, chosen by
// MUTATION_SCOPE; mutation/run.mjs runs them all and prints the score table.
import { scopes } from './mutation/scopes.mjs';

const name = process.env.MUTATION_SCOPE ?? 'svc-billing';
const scope = scopes[name];
if (!scope) throw new Error(`Unknown MUTATION_SCOPE "${name}"; one of: ${Object.keys(scopes).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  // The repository's jest runs under --experimental-vm-modules (some dependencies are loaded with
  // a dynamic import()); Stryker's jest workers need the same flag.
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.cjs',
    // Only the tests next to the scope's modules; `roots` keeps jest from crawling the whole tree.
    config: {
      roots: scope.tests.map((folder) => `<rootDir>/${folder}`),
      testPathIgnorePatterns: ['/node_modules/', '/dist/', ...(scope.ignoreTests ?? [])],
      maxWorkers: 1,
    },
    enableFindRelatedTests: false,
  },
  mutate: scope.mutate,
  // TypeScript 7 has no JS API, which Stryker's tsconfig rewriting needs. Nothing here reads a
  // tsconfig at test time (swc transpiles without one), so point it at a file that does not exist.
  tsconfigFile: 'mutation/no-tsconfig.json',
  // swc never type-checks, so no `// @ts-nocheck` needs inserting.
  disableTypeChecks: false,
  coverageAnalysis: scope.coverageAnalysis ?? 'perTest',
  ignoreStatic: scope.ignoreStatic ?? false,
  // Two cores shared by the whole team.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  // A mutant that hangs (e.g. a loop that never ends) is cut off this long after the tests' usual time.
  timeoutMS: scope.timeoutMS ?? 5_000,
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The sandbox only needs sources and configs; node_modules is linked, not copied.
  ignorePatterns: ['.stryker-tmp*', '**/dist/**', '**/.data/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'e2e/**', 'bench/**', 'docker/**'],
  // One folder per scope, so two scopes can run side by side.
  tempDirName: `.stryker-tmp-${name}`,
  cleanTempDir: 'always',
};
