import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const isomorphicImports = [
  { name: 'react', importNames: ['useId'], message: 'Use useStableId (isomorphic/components/use-stable-id): React (server) and Preact (browser) give different useId ids.' },
  { name: 'react-i18next', message: 'Use isomorphic/i18n/react.' },
  { name: 'i18next', message: 'Use isomorphic/i18n.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'tmp/**', 'node_modules/**', '.tap/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['scripts/**', 'test/**', 'main.ts', 'webpack.config.ts'], rules: { 'no-console': 'off' } },
  {
    // The server renders with React and the browser hydrates with Preact (issue 20): their useId give different
    // ids, and the page's words come from our own i18n, not from i18next.
    files: ['isomorphic/**', 'client/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          ...isomorphicImports,
          { name: 'react-router', importNames: ['Link'], message: 'Use Link from isomorphic/components/link: the same <a>, written without React Router\'s hooks on the server.' },
        ],
      }],
    },
  },
  // The cheap Link wraps React Router's.
  { files: ['isomorphic/components/link.tsx'], rules: { 'no-restricted-imports': ['error', { paths: isomorphicImports }] } },
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
