// ESLint: typescript-eslint's recommended rules, and the house rules a reviewer would otherwise
// have to remember (no file over ~300 lines: split by concern, never by packing lines, since
// Prettier owns line width). Run by `npm test` after the typecheck.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tmp/', 'coverage/', 'playwright-report/', 'test-results/', 'server/storage-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      // A leading underscore says "unused on purpose" (a rest sibling dropped from an object, a slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // Tests, benchmarks and their support read raw JSON and browser internals; `any` is honest there.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**',
      'bench/**',
      'server/testing/**',
      'src/ui/testing/**',
      'cli/testing/**',
      'scripts/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
