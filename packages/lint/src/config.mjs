// The one ESLint configuration of the repository (the root eslint.config.mjs re-exports it).
// typescript-eslint parses with its own TypeScript 5.9 (this workspace's dependency): the
// project's TypeScript 7 is native and has no JavaScript API for a parser to call. No rule needs
// type information, which keeps a whole-tree run fast.
import js from '@eslint/js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './boundaries.mjs';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
    },
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
