// One jest run covers every workspace. Sources are TypeScript transpiled by swc (TypeScript 7
// has no JS API, so ts-jest cannot work); type-checking is `npm run typecheck`.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

module.exports = {
  testMatch: ['<rootDir>/{packages,local-providers,launcher,svc-*,gateway,shell,mfe-*}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
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
};
