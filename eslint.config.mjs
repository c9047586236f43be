import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'reports/', 'test-results/', 'playwright-report/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'Focused or skipped tests must not be committed.',
        },
      ],
    },
  },
  {
    // A file does one thing and a function reads on one screen (issue 29); tests and migrations aside.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['tests/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/server'], message: 'The SPA never imports the server.' }] },
      ],
    },
  },
  {
    files: ['src/features/**/*.tsx', 'src/components/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/api/*', '**/api'], message: 'Components dispatch events; sagas call the API.' },
            { group: ['**/server/**'], message: 'The SPA never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/**/*.mjs'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'module' },
  },
  {
    // The sandbox's stand-in SDK and signup popup run in the browser as plain scripts.
    files: ['server/sandbox/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // The customer phone is native ES modules (<script type="module">), one file per part of the page.
    files: ['server/sandbox/public/phone/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'module' },
  },
  {
    // The service worker (Web Push) is a plain script the browser runs apart from the page.
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
);
