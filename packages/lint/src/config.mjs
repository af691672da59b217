// The one ESLint configuration of the repository (the root eslint.config.mjs re-exports it).
// typescript-eslint parses with its own TypeScript 5.9 (this workspace's dependency): the
// project's TypeScript 7 is native and has no JavaScript API for a parser to call. No rule needs
// type information, which keeps a whole-tree run fast.
import js from '@eslint/js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './boundaries.mjs';

/**
 * Constructs the tree refuses, each with the way to do it instead. A cast of stored JSON to the
 * type it should have trusts whatever an older (or broken) writer left in the row; an error's
 * status written beside its code is a second place to say what the error catalogue says.
 */
const restrictedSyntax = [
  {
    selector:
      ':matches(TSAsExpression, TSTypeAssertion) > :matches(TSTypeReference, TSUnionType, TSIntersectionType, TSIndexedAccessType, TSArrayType) Identifier[name=/^StoredSubscription/]',
    message: 'A stored subscription state is parsed, never cast: read it with readStoredSubscription(row) (svc-billing/src/domain/stored-subscription.ts).',
  },
  {
    // An error's status comes with its code from the error catalogue; a status written at the throw site can contradict it.
    selector: "NewExpression[callee.name='AppError'][arguments.0.value=type(number)]",
    message: "An AppError takes its status from its code: new AppError('code', message?), with the code in ERROR_CATALOGUE (packages/contracts/src/http/error-catalogue.ts).",
  },
];

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Express's app.handle is private API (issue 28): work that must come before express's router goes
// in a node:http listener in front of the app (gateway/src/api-pipeline.ts), never in a replaced handle.
const noReplacedHandle = [
  {
    selector: "AssignmentExpression > MemberExpression.left[property.name='handle']",
    message: "Do not replace an express app's handle (private API): put a node:http listener in front of the app instead (see gateway/src/api-pipeline.ts).",
  },
  {
    selector: "AssignmentExpression > MemberExpression.left[property.value='handle']",
    message: "Do not replace an express app's handle (private API): put a node:http listener in front of the app instead (see gateway/src/api-pipeline.ts).",
  },
];

// A transaction opened on the database handle itself gives a handle the outbox does not accept and
// never wakes the relay: service code opens one with context.transaction (or inTransaction where
// no service context exists, for work that publishes nothing).
const noBareTransaction = [
  {
    selector: "CallExpression[callee.property.name='transaction'][callee.object.name='db']",
    message: 'Open transactions with context.transaction (it relays the events enqueued in it), or inTransaction(db, work) for work that publishes nothing.',
  },
  {
    selector: "CallExpression[callee.property.name='transaction'][callee.object.property.name='db']",
    message: 'Open transactions with context.transaction (it relays the events enqueued in it), or inTransaction(db, work) for work that publishes nothing.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '.data/', 'coverage/', 'test-results/', 'playwright-report/', 'reports/', '.stryker-tmp*/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { agentdock: boundariesPlugin(repositoryRoot) },
    rules: {
      'agentdock/boundaries': 'error',
      // TypeScript itself reports undefined names, with the real globals of each workspace.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A variable a closure reads before its one assignment (a server handler that needs the
      // object the server is wrapped in) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-restricted-syntax': ['error', ...restrictedSyntax, ...noReplacedHandle],
    },
  },
  {
    // The gateway's express app never sees an API request: a layer mounted there for /api or /v1
    // would silently never run. API layers go in API_LAYERS (gateway/src/app.ts).
    files: ['gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...restrictedSyntax,
        ...noReplacedHandle,
        {
          selector: 'CallExpression[callee.property.name=/^(use|all|get|post|put|patch|delete|head|options|route)$/][arguments.0.value=/^\\/(api|v1)(\\/|$)/]',
          message: 'The gateway answers /api and /v1 in front of express, which never sees them: add an API layer to API_LAYERS in gateway/src/app.ts instead.',
        },
      ],
    },
  },
  {
    files: ['svc-*/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...restrictedSyntax, ...noReplacedHandle, ...noBareTransaction] },
  },
  {
    // A domain module or a screen past 250 lines has been doing more than one job (the metering
    // and webhook modules did five to seven before they were split).
    files: ['svc-*/src/domain/**/*.ts', '{mfe-*,shell,packages/ui}/src/**/*.tsx'],
    ignores: ['{mfe-*,shell,packages/ui}/src/**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    // Tests read untyped JSON answers and load modules afresh inside jest.isolateModules.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'faults/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
