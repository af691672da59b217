// One jest run covers every workspace. Sources are TypeScript transpiled by swc (TypeScript 7
// has no JS API, so ts-jest cannot work); type-checking is `npm run typecheck`.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

// `npm test` is the run a developer makes before each commit; CI's PostgreSQL stage sets
// TEST_DEPTH=deep and adds what costs minutes of two cores for little a quick run would catch: the
// services started as separate processes from their TypeScript sources (a refused configuration
// names its variable, a data directory of their own, a clean stop on SIGTERM, the make-admin
// command), and the cross-service versioning drill, which starts two whole services. Fuzzing sends
// 40 hostile requests per endpoint there and 10 here (packages/service-kit/src/testing/hostile-input.ts).
const DEEP_ONLY = ['/test/standalone\\.test\\.ts$', '/src/events/versioning\\.test\\.ts$'];
const deep = process.env.TEST_DEPTH === 'deep';

module.exports = {
  testMatch: ['<rootDir>/{packages,local-providers,launcher,svc-*,gateway,shell,mfe-*}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', ...(deep ? [] : DEEP_ONLY)],
  // StrykerJS copies the tree into .stryker-tmp-<scope> while `npm run mutation` runs.
  modulePathIgnorePatterns: ['<rootDir>/\\.stryker-tmp'],
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // These dependencies are ESM-only; swc turns them into CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(jose|http-proxy-middleware|is-plain-obj|marked|@exodus/bytes|parse5|entities|@asamuzakjp|@csstools)/)'],
  moduleNameMapper: { '\\.css$': '<rootDir>/jest.css-stub.cjs' },
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  // Unit tests get testTimeout; API folders get their own (jest.timeouts.cjs).
  setupFilesAfterEnv: ['<rootDir>/jest.timeouts.cjs'],
  testEnvironment: 'node',
  testTimeout: 60000,
  maxWorkers: 2,
  // Each test file leaves its module registry and PGlite heaps behind in the worker (about 100 MB
  // per API test file); a worker past this is replaced between files instead of spending the rest
  // of the run collecting garbage.
  workerIdleMemoryLimit: '600MB',
};
