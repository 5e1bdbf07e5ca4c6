// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The modules of src/app that screens may import: the app's small public surface for screens (the
 * hooks over the root actors; links and the address come from react-router-dom itself; each page's
 * actor reaches its screen as a prop). Everything else in src/app is the app's own.
 */
export const APP_MODULES_FOR_SCREENS = ['use-machines.ts'];

/**
 * Import direction: domain <- machines <- src; domain <- server; nothing imports src/ or server/
 * but their own files and tests (scripts/ may import server/: the dev server and the rates import
 * start it). The statechart drawings (flows/: read a machine, lay it out, write SVG) sit beside
 * machines/, not inside it, because they need ELK and are no statechart: machines <- flows <- src,
 * stories, scripts. stories/ draw the app over mocks; scripts/ are the commands (builds, dev server,
 * rates import, checks) and never reach into the app, its stories or its test code. Two rules hold it, so that neither a `#` alias nor a `../` chain
 * gets through: `import-x/no-restricted-paths` resolves every import to its file (aliases through
 * package.json "imports") and checks the folder; `no-restricted-imports` lists, as regular
 * expressions (gitignore patterns would read a leading `#` as a comment), the only packages and
 * aliases a layer may name.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const only = (allowed, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: `^(?!(?:${allowed.join('|')}))`, message }] }],
});
const never = (aliases, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: `^(?:${aliases.join('|')})`, message }] }],
});
const zones = (target, from, message, except) => ({
  'import-x/no-restricted-paths': ['error', { zones: [{ target, from, message, ...(except ? { except } : {}) }] }],
});
const pkg = (name) => `${escape(name)}(?:/|$)`;
const RELATIVE = '\\.{1,2}/';
/** What server/ code outside its tests never imports: the app, the charts, and test code. */
const SERVER_RUNNING_NEVER = ['#src/', '#machines/', '#flows/', ...['xstate', 'react', 'react-dom', 'vitest', '@vitest/expect', '@testing-library/react'].map(pkg)];
const SERVER_RUNNING_ZONES = ['src', 'machines', 'flows', 'mocks', 'stories', 'scripts', 'tests'];

const DOMAIN = 'domain/ is pure: it imports only domain/, dinero.js, date-fns, @date-fns/tz, valibot and rule libraries (no XState, React, ky, hono or database).';
const MACHINES = 'machines/ import only domain/ and xstate: no React, ky, window, src/, server/ (nor xstate/graph, which is for tests).';
const SERVER = 'server/ never imports src/, machines/, flows/ or scripts/.';
const SERVER_RUNNING = 'Outside its tests, server/ holds no test code (vitest, tests/): shared test steps live in tests/support.';
const ROUTES = 'server/routes/ validate, call the service and answer: no SQL and no database in a route (drizzle-orm, pg, PGlite, server/db/); the query belongs in server/services/<area>.ts.';
const FLOWS = 'flows/ draw the statecharts and read their event logs: they import only machines/, domain/, xstate, elkjs and valibot (no React, src/, server/, stories/ or scripts/), so the app, Storybook and `npm run flows` all draw the same way.';
const STORIES = 'stories/ draw the app over mocks: they import src/, machines/, domain/, mocks/, flows/ and Storybook, never server/, scripts/ or tests/.';
const SCRIPTS = 'scripts/ are the commands: they may import server/, flows/, machines/ and domain/, never src/, stories/, mocks/ or tests/ (the app is built by Vite from its own entry, not imported).';
const SERVER_PACKAGES = ['hono', 'pg', 'drizzle-orm', '@electric-sql/pglite', '@hono/node-server'];
const DATABASE_PACKAGES = ['drizzle-orm', 'pg', '@electric-sql/pglite'];
const SRC = 'src/ never imports server/, scripts/ or test code.';
const SCREENS = `screens import from src/app only its public surface for screens (${APP_MODULES_FOR_SCREENS.join(', ')}); pass anything else down as props or add it to that list.`;
const SCREEN_EFFECTS =
  'screens draw and send events: no timers (setTimeout, setInterval, requestAnimationFrame, ...) and no fetching (fetch, XMLHttpRequest, ky, src/api). A wait is a delay in the machine (`after`), a read an actor it invokes; a purely visual effect belongs in src/ui.';
/** The browser's schedulers and network calls, which a screen leaves to its machine. */
const TIMERS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'queueMicrotask'];
const FETCHING = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'];

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'storybook-static/', 'data/', 'coverage/', 'node_modules/', '.storybook/public/mockServiceWorker.js', 'reports/', '.stryker-tmp/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
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
    ignores: TESTS,
    rules: {
      ...only([RELATIVE, '#domain/', ...['dinero.js', 'date-fns', '@date-fns/tz', 'valibot', 'libphonenumber-js', 'postcode'].map(pkg)], DOMAIN),
      ...zones('domain', ['machines', 'flows', 'src', 'server', 'mocks', 'stories', 'tests', 'scripts'], DOMAIN),
    },
  },
  {
    files: ['machines/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...only([RELATIVE, '#domain/', '#machines/', 'xstate$'], MACHINES),
      ...zones('machines', ['flows', 'src', 'server', 'mocks', 'stories', 'tests', 'scripts'], MACHINES),
      // A machine reaches the browser only through the actors it is given.
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest', 'navigator', 'location'].map((name) => ({ name, message: MACHINES }))],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      ...never(['#src/', '#machines/', '#flows/', pkg('xstate'), pkg('react'), pkg('react-dom')], SERVER),
      ...zones('server', ['src', 'machines', 'flows', 'mocks', 'stories', 'scripts'], SERVER),
    },
  },
  {
    // The running server holds no test code: shared test steps live in tests/support.
    files: ['server/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...never(SERVER_RUNNING_NEVER, `${SERVER} ${SERVER_RUNNING}`),
      ...zones('server', SERVER_RUNNING_ZONES, `${SERVER} ${SERVER_RUNNING}`),
    },
  },
  {
    // A route validates, calls its service and answers: the database is the services' alone.
    files: ['server/routes/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(?:${SERVER_RUNNING_NEVER.join('|')})`, message: `${SERVER} ${SERVER_RUNNING}` },
            { regex: `^(?:${['#server/db/', `(?:\\.\\./)+db/`, ...DATABASE_PACKAGES.map(pkg)].join('|')})`, message: ROUTES },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'server', from: SERVER_RUNNING_ZONES, message: `${SERVER} ${SERVER_RUNNING}` },
            { target: 'server/routes', from: 'server/db', message: ROUTES },
          ],
        },
      ],
    },
  },
  {
    files: ['flows/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...only([RELATIVE, '#flows/', '#machines/', '#domain/', 'xstate$', pkg('elkjs'), pkg('valibot')], FLOWS),
      ...zones('flows', ['src', 'server', 'mocks', 'stories', 'tests', 'scripts'], FLOWS),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      ...never(['#server/', ...SERVER_PACKAGES.map(pkg)], SRC),
      ...zones('src', ['server', 'tests', 'mocks', 'stories', 'scripts'], SRC),
    },
  },
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:${['#server/', ...SERVER_PACKAGES.map(pkg), `#src/app/(?!(?:${APP_MODULES_FOR_SCREENS.map(escape).join('|')})$)`].join('|')})`,
              message: `${SRC} ${SCREENS}`,
            },
            { regex: `^(?:${['#src/api/', ...['ky', 'axios', 'timers', 'node:timers'].map(pkg)].join('|')})`, message: SCREEN_EFFECTS },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'src', from: ['server', 'tests', 'mocks', 'stories', 'scripts'], message: SRC },
            { target: 'src/screens', from: 'src/app', except: APP_MODULES_FOR_SCREENS.map((m) => `./${m}`), message: SCREENS },
            { target: 'src/screens', from: 'src/api', message: SCREEN_EFFECTS },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...[...TIMERS, ...FETCHING].map((name) => ({ name, message: SCREEN_EFFECTS }))],
      // The same reached through the global object: window.setTimeout, globalThis.fetch.
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[object.name=/^(?:window|globalThis|self)$/][property.name=/^(?:${[...TIMERS, ...FETCHING].join('|')})$/]`,
          message: SCREEN_EFFECTS,
        },
      ],
    },
  },
  {
    files: ['mocks/**/*.ts'],
    rules: zones('mocks', ['src', 'server', 'scripts'], 'mocks/ stand in for the API from domain/contract alone: they never import src/, server/ or scripts/.'),
  },
  {
    // Storybook's config loads the stories and the mocks: the same side of the line.
    files: ['stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    rules: {
      ...never(['#server/', ...SERVER_PACKAGES.map(pkg)], STORIES),
      ...zones(['stories', '.storybook'], ['server', 'scripts', 'tests'], STORIES),
    },
  },
  {
    files: ['scripts/**/*.ts'],
    rules: {
      ...never(['#src/', 'react(?:-dom)?(?:/|$)', pkg('@xstate/react')], SCRIPTS),
      ...zones('scripts', ['src', 'stories', 'mocks', 'tests'], SCRIPTS),
    },
  },
);
