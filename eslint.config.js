// ESLint: rules that find bugs, none about style (formatting is Prettier's, .prettierrc.json).
// Type-aware: typescript-eslint asks the TypeScript program of each file's tsconfig.json
// (projectService), so a rule can see that a call returns a promise or a value is `any`.
// Why each rule is on, or off, is in docs/architecture.md ("Lint and format").
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'coverage/',
      'data/',
      'tmp/',
      // written by `npm run generate:client` and `npm run generate:web`
      'clients/typescript/src/generated/',
      'web/generated/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // Every file, JavaScript too: ESLint's own correctness rules.
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      // the code matches control characters on purpose (header injection, NUL bytes, ASCII tests)
      'no-control-regex': 'off',
      // style: `/\n    /` is as clear as `/\n {4}/`; `Boolean(x) ? …` is redundant, not wrong
      'no-regex-spaces': 'off',
      'no-extra-boolean-cast': 'off',
      'no-template-curly-in-string': 'error',
      'no-self-compare': 'error',
      'no-unreachable-loop': 'error',
      'no-constructor-return': 'error',
      'array-callback-return': 'error',
    },
  },

  // TypeScript, with type information.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // promises: one that is dropped loses its rejection; one given where nothing awaits it too
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `return promise` inside try/catch: the catch never sees the rejection
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      // a rethrown `catch (err)` is fine; a thrown string or object literal is not
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],

      // Off: not bugs, or wrong here.
      // An explicit `any` is visible in review; where one leaks into typed code the no-unsafe-*
      // rules say so. Kysely's migrations take Kysely<any> on purpose (they must not depend on
      // today's schema).
      '@typescript-eslint/no-explicit-any': 'off',
      // A Fastify plugin is `async (app) => {...}` whether or not it awaits.
      '@typescript-eslint/require-await': 'off',
      // Tidiness, not correctness.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      // No enum of ours; pg's OID table (pg.types.builtins) is compared with the number pg hands over.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // `${x}` of an object is no-base-to-string's, which knows a class's own toString
      // (Playwright's Locator); numbers, booleans and arrays in a message are meant.
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },

  // The client adds its groups (client.replies, …) in the constructor from the table of
  // operations; an interface of the same name declares them, which is what this rule forbids.
  {
    files: ['clients/typescript/src/client.ts'],
    rules: { '@typescript-eslint/no-unsafe-declaration-merging': 'off' },
  },

  // Committed migrations are frozen (checksummed, test/migration-checksums.test.ts) and take
  // Kysely<any> by design: they must not depend on today's schema. Their column builders are any.
  {
    files: ['src/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Tests: a response body is `any` (light-my-request's res.json(), JSON.parse) and the test
  // reads it field by field to check it; an `any` there fails an expectation, it cannot reach
  // production. Everywhere else the no-unsafe-* rules are on.
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // The dashboard: browser globals, and the two hooks rules that find bugs (a hook called
  // conditionally; an effect or memo that reads a value it does not list, so it goes stale).
  // The plugin's React Compiler rules (refs, purity, set-state-in-effect) are not: the
  // dashboard does not use the compiler, and what they flag are the ordinary idioms of a
  // latest-value ref and an effect that resets state.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
