// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Import direction: domain <- machines <- src; domain <- server. */
const ours = (...parts) =>
  parts.flatMap((p) => [`#${p}/*`, `**/${p}/*`, `../${p}/*`, `../../${p}/*`, `../../../${p}/*`]);
const restrict = (message, parts, packages = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: packages.map((name) => ({ name, message })),
      patterns: [{ group: ours(...parts), message }],
    },
  ],
});
const io = ['react', 'react-dom', '@xstate/react', 'ky', 'hono', 'drizzle-orm', 'pg', '@electric-sql/pglite'];

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'data/', 'coverage/', 'node_modules/', '.storybook/public/mockServiceWorker.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: restrict('domain/ is pure: it imports only domain/, dinero.js, date-fns, valibot and rule libraries.', ['machines', 'src', 'server', 'mocks', 'stories', 'tests'], [...io, 'xstate']),
  },
  {
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: restrict('machines/ import only domain/ (no I/O, no React).', ['src', 'server', 'mocks', 'stories', 'tests'], io),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict('server/ never imports src/ or machines/.', ['src', 'machines', 'mocks', 'stories']),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: restrict('src/ never imports server/ or test code.', ['server', 'tests', 'mocks', 'stories']),
  },
);
