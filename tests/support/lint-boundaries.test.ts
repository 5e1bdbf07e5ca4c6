/**
 * The import-direction rules are only real if a file that breaks them fails lint. Each probe is a
 * one-line source placed at a virtual path in a layer and linted with the project's own config:
 * every forbidden import (by `#` alias, by `../` chain, by package) must be reported, and every
 * allowed one must pass.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
// The screens' list lives in the lint config alone (plain JavaScript, so read without its types).
const CONFIG: string = '../../eslint.config.js';
const { APP_MODULES_FOR_SCREENS } = (await import(CONFIG)) as { APP_MODULES_FOR_SCREENS: string[] };
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'import-x/no-restricted-paths', 'no-restricted-globals', 'no-restricted-syntax']);

// A module of src/app that is not on the screens' list, read from the folder so that the probe
// follows the app's files as they move.
const appInternal = readdirSync(join(ROOT, 'src/app')).find(
  (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !APP_MODULES_FOR_SCREENS.includes(f),
);
const appSurface = APP_MODULES_FOR_SCREENS.filter((f) => readdirSync(join(ROOT, 'src/app')).includes(f));

interface Probe {
  /** The virtual file, relative to the repository. */
  file: string;
  /** The probe's source: usually one import. */
  code: string;
}
const from = (file: string, specifier: string): Probe => ({ file, code: `import '${specifier}';\n` });

const DOMAIN = 'domain/probe.ts';
const MACHINE = 'machines/cart/probe.machine.ts';
const SERVER = 'server/routes/probe.ts';
const APP = 'src/app/probe.ts';
const SCREEN = 'src/screens/view-cart/probe.tsx';
const MOCKS = 'mocks/probe.ts';
const FLOWS = 'flows/probe.ts';
const STORY = 'stories/checkout/probe.stories.tsx';
const STORYBOOK = '.storybook/probe.ts';
const SCRIPT = 'scripts/probe.ts';

const forbidden: Array<[string, Probe]> = [
  // domain/ is pure.
  ['domain -> machines by alias', from(DOMAIN, '#machines/cart/cart.machine.ts')],
  ['domain -> machines by ../', from(DOMAIN, '../machines/cart/cart.machine.ts')],
  ['domain -> src by alias', from(DOMAIN, '#src/app/actors.ts')],
  ['domain -> src by ../', from(DOMAIN, '../src/api/client.ts')],
  ['domain -> server by alias', from(DOMAIN, '#server/app.ts')],
  ['domain -> server by ../', from(DOMAIN, '../server/app.ts')],
  ['domain -> tests by ../', from(DOMAIN, '../tests/support/cart-fixtures.ts')],
  ['domain -> xstate', from(DOMAIN, 'xstate')],
  ['domain -> xstate/graph', from(DOMAIN, 'xstate/graph')],
  ['domain -> react', from(DOMAIN, 'react')],
  ['domain -> ky', from(DOMAIN, 'ky')],
  ['domain -> hono', from(DOMAIN, 'hono')],
  ['domain -> drizzle-orm', from(DOMAIN, 'drizzle-orm')],
  ['domain -> pg', from(DOMAIN, 'pg')],
  ['domain -> @electric-sql/pglite', from(DOMAIN, '@electric-sql/pglite')],
  ['domain -> type import from machines', { file: DOMAIN, code: "import type { CartSnapshot } from '#machines/cart/cart.machine.ts';\nexport type { CartSnapshot };\n" }],
  ['domain -> re-export from src', { file: DOMAIN, code: "export { createApiClient } from '#src/api/client.ts';\n" }],
  // machines/ import only domain/ and xstate.
  ['machine -> src by alias', from(MACHINE, '#src/app/actors.ts')],
  ['machine -> src by ../', from(MACHINE, '../../src/app/actors.ts')],
  ['machine -> server by alias', from(MACHINE, '#server/app.ts')],
  ['machine -> server by ../', from(MACHINE, '../../server/app.ts')],
  ['machine -> tests by ../', from(MACHINE, '../../tests/support/cart-fixtures.ts')],
  ['machine -> mocks by ../', from(MACHINE, '../../mocks/fixtures.ts')],
  ['machine -> xstate/graph', from(MACHINE, 'xstate/graph')],
  ['machine -> react', from(MACHINE, 'react')],
  ['machine -> @xstate/react', from(MACHINE, '@xstate/react')],
  ['machine -> ky', from(MACHINE, 'ky')],
  ['machine -> hono', from(MACHINE, 'hono')],
  ['machine -> window', { file: MACHINE, code: 'export const here = window.location.href;\n' }],
  ['machine -> localStorage', { file: MACHINE, code: "export const token = localStorage.getItem('token');\n" }],
  ['machine -> fetch', { file: MACHINE, code: "export const call = () => fetch('/api/cart');\n" }],
  // server/ never imports src/ or machines/.
  ['server -> src by alias', from(SERVER, '#src/app/actors.ts')],
  ['server -> src by ../', from(SERVER, '../../src/api/client.ts')],
  ['server -> machines by alias', from(SERVER, '#machines/checkout/checkout.machine.ts')],
  ['server -> machines by ../', from(SERVER, '../../machines/checkout/checkout.machine.ts')],
  ['server -> mocks by ../', from(SERVER, '../../mocks/handlers.ts')],
  ['server -> xstate', from(SERVER, 'xstate')],
  ['server test -> machines', from('server/routes/probe.test.ts', '#machines/checkout/checkout.machine.ts')],
  ['server -> flows by alias', from(SERVER, '#flows/flow-graph.ts')],
  ['server -> scripts by ../', from(SERVER, '../../scripts/app-build.ts')],
  ['server -> vitest', from(SERVER, 'vitest')],
  ['server -> tests by ../', from(SERVER, '../../tests/support/commerce-fixtures.ts')],
  // A route validates, calls its service and answers: no SQL.
  ['route -> drizzle-orm', from(SERVER, 'drizzle-orm')],
  ['route -> the schema by ../', from(SERVER, '../db/schema.ts')],
  ['route -> the database client by alias', from(SERVER, '#server/db/client.ts')],
  ['route -> pg', from(SERVER, 'pg')],
  ['route -> @electric-sql/pglite', from(SERVER, '@electric-sql/pglite')],
  ['route -> vitest', from(SERVER, 'vitest')],
  // src/ never imports server/ or test code.
  ['src -> server by alias', from(APP, '#server/app.ts')],
  ['src -> server by ../', from(APP, '../../server/app.ts')],
  ['src -> tests by ../', from(APP, '../../tests/support/cart-fixtures.ts')],
  ['src -> mocks by ../', from(APP, '../../mocks/handlers.ts')],
  ['src -> stories by ../', from(APP, '../../stories/app.stories.tsx')],
  ['src -> hono', from(APP, 'hono')],
  ['screen -> server by alias', from(SCREEN, '#server/app.ts')],
  ['screen -> tests by ../', from(SCREEN, '../../../tests/support/cart-fixtures.ts')],
  ['src -> scripts by ../', from(APP, '../../scripts/flows.ts')],
  ['domain -> flows by ../', from(DOMAIN, '../flows/flow-graph.ts')],
  ['machine -> flows by alias', from(MACHINE, '#flows/flow-graph.ts')],
  ['machine -> flows by ../', from(MACHINE, '../../flows/flow-graph.ts')],
  // Screens reach src/app only through its public surface.
  [`screen -> src/app/${appInternal} by alias`, from(SCREEN, `#src/app/${appInternal}`)],
  [`screen -> src/app/${appInternal} by ../`, from(SCREEN, `../../app/${appInternal}`)],
  ['screen -> a missing src/app module by alias', from(SCREEN, '#src/app/shop-internals.ts')],
  // Screens draw and send events: a wait is the machine's delay, a read the machine's actor.
  ['screen -> setTimeout', { file: SCREEN, code: 'export const later = () => setTimeout(() => undefined, 500);\n' }],
  ['screen -> clearTimeout', { file: SCREEN, code: 'export const cancel = (id: number) => clearTimeout(id);\n' }],
  ['screen -> setInterval', { file: SCREEN, code: 'export const tick = () => setInterval(() => undefined, 1000);\n' }],
  ['screen -> requestAnimationFrame', { file: SCREEN, code: 'export const frame = () => requestAnimationFrame(() => undefined);\n' }],
  ['screen -> requestIdleCallback', { file: SCREEN, code: 'export const idle = () => requestIdleCallback(() => undefined);\n' }],
  ['screen -> queueMicrotask', { file: SCREEN, code: 'export const soon = () => queueMicrotask(() => undefined);\n' }],
  ['screen -> window.setTimeout', { file: SCREEN, code: 'export const later = () => window.setTimeout(() => undefined, 500);\n' }],
  ['screen -> globalThis.setInterval', { file: SCREEN, code: 'export const tick = () => globalThis.setInterval(() => undefined, 1000);\n' }],
  ['screen -> a timer in a hook', { file: SCREEN, code: "import { useEffect } from 'react';\nexport function useLater(run: () => void) {\n  useEffect(() => {\n    const id = setTimeout(run, 500);\n    return () => clearTimeout(id);\n  }, [run]);\n}\n" }],
  ['screen -> fetch', { file: SCREEN, code: "export const read = () => fetch('/api/currencies');\n" }],
  ['screen -> window.fetch', { file: SCREEN, code: "export const read = () => window.fetch('/api/currencies');\n" }],
  ['screen -> XMLHttpRequest', { file: SCREEN, code: 'export const request = () => new XMLHttpRequest();\n' }],
  ['screen -> ky', from(SCREEN, 'ky')],
  ['screen -> ky by name', { file: SCREEN, code: "import ky from 'ky';\nexport const read = () => ky.get('/api/currencies');\n" }],
  ['screen -> src/api by alias', from(SCREEN, '#src/api/catalogue.ts')],
  ['screen -> src/api by ../', from(SCREEN, '../../api/catalogue.ts')],
  ['screen -> node:timers', from(SCREEN, 'node:timers')],
  // mocks/ stand in for the API.
  ['mocks -> src by alias', from(MOCKS, '#src/api/client.ts')],
  ['mocks -> server by ../', from(MOCKS, '../server/app.ts')],
  ['mocks -> scripts by ../', from(MOCKS, '../scripts/app-build.ts')],
  // flows/ draw the statecharts from machines alone.
  ['flows -> src by alias', from(FLOWS, '#src/app/actors.ts')],
  ['flows -> src by ../', from(FLOWS, '../src/app/flow-drawing.ts')],
  ['flows -> server by alias', from(FLOWS, '#server/app.ts')],
  ['flows -> stories by ../', from(FLOWS, '../stories/flows/flow-diagram.tsx')],
  ['flows -> scripts by ../', from(FLOWS, '../scripts/flows.ts')],
  ['flows -> tests by ../', from(FLOWS, '../tests/support/cart-fixtures.ts')],
  ['flows -> react', from(FLOWS, 'react')],
  ['flows -> node:fs', from(FLOWS, 'node:fs')],
  // stories/ draw the app over mocks.
  ['story -> server by alias', from(STORY, '#server/app.ts')],
  ['story -> server by ../', from(STORY, '../../server/services/cart.ts')],
  ['story -> scripts by ../', from(STORY, '../../scripts/flows.ts')],
  ['story -> tests by ../', from(STORY, '../../tests/support/cart-fixtures.ts')],
  ['story -> hono', from(STORY, 'hono')],
  ['story -> drizzle-orm', from(STORY, 'drizzle-orm')],
  ['story test -> server by alias', from('stories/checkout/probe.test.tsx', '#server/app.ts')],
  ['storybook config -> scripts by ../', from(STORYBOOK, '../scripts/app-build.ts')],
  ['storybook config -> server by ../', from(STORYBOOK, '../server/app.ts')],
  // scripts/ are the commands, never the app's insides.
  ['script -> src by alias', from(SCRIPT, '#src/app/actors.ts')],
  ['script -> src by ../', from(SCRIPT, '../src/app/flow-drawing.ts')],
  ['script -> stories by ../', from(SCRIPT, '../stories/flows/flow-diagram.tsx')],
  ['script -> mocks by ../', from(SCRIPT, '../mocks/fixtures.ts')],
  ['script -> tests by ../', from(SCRIPT, '../tests/support/cart-fixtures.ts')],
  ['script -> react', from(SCRIPT, 'react')],
  ['script test -> src by ../', from('scripts/probe.test.ts', '../src/app/actors.ts')],
];

const allowed: Array<[string, Probe]> = [
  ['domain -> domain by alias', from(DOMAIN, '#domain/money.ts')],
  ['domain -> domain by ./', from(DOMAIN, './money.ts')],
  ['domain -> dinero.js', from(DOMAIN, 'dinero.js')],
  ['domain -> dinero.js/currencies', from(DOMAIN, 'dinero.js/currencies')],
  ['domain -> date-fns', from(DOMAIN, 'date-fns')],
  ['domain -> @date-fns/tz', from(DOMAIN, '@date-fns/tz')],
  ['domain -> valibot', from(DOMAIN, 'valibot')],
  ['domain -> libphonenumber-js', from(DOMAIN, 'libphonenumber-js')],
  ['domain test -> vitest', from('domain/probe.test.ts', 'vitest')],
  ['machine -> xstate', from(MACHINE, 'xstate')],
  ['machine -> domain', from(MACHINE, '#domain/money.ts')],
  ['machine -> machine by alias', from(MACHINE, '#machines/cart/countdown.machine.ts')],
  ['machine -> machine by ./', from(MACHINE, './countdown.machine.ts')],
  ['machine test -> xstate/graph', from('machines/cart/probe.test.ts', 'xstate/graph')],
  ['server -> domain', from(SERVER, '#domain/money.ts')],
  ['server -> server by ../', from(SERVER, '../errors.ts')],
  ['server -> hono', from(SERVER, 'hono')],
  ['server test -> tests', from('server/routes/probe.test.ts', '../../tests/support/checkout-over-api.ts')],
  ['server test -> vitest', from('server/routes/probe.test.ts', 'vitest')],
  ['route -> a service', from(SERVER, '../services/catalogue.ts')],
  ['service -> drizzle-orm', from('server/services/probe.ts', 'drizzle-orm')],
  ['service -> the schema by ../', from('server/services/probe.ts', '../db/schema.ts')],
  ['route test -> the schema', from('server/routes/probe.test.ts', '../db/schema.ts')],
  ['server test -> commerce fixtures', from('server/routes/probe.test.ts', '../../tests/support/commerce-fixtures.ts')],
  ['src -> machines', from(APP, '#machines/cart/cart.machine.ts')],
  ['src -> domain', from(APP, '#domain/money.ts')],
  ['src -> src/api', from(APP, '#src/api/client.ts')],
  ['app -> app by ./', from(APP, './actors.ts')],
  ['screen -> another screen', from(SCREEN, '../checkout-shared/use-checkout.ts')],
  ['screen -> machines', from(SCREEN, '#machines/cart/cart.machine.ts')],
  ...appSurface.flatMap((m): Array<[string, Probe]> => [
    [`screen -> src/app/${m} by alias`, from(SCREEN, `#src/app/${m}`)],
    [`screen -> src/app/${m} by ../`, from(SCREEN, `../../app/${m}`)],
  ]),
  [`screen test -> src/app/${appInternal}`, from('src/screens/view-cart/probe.test.tsx', `#src/app/${appInternal}`)],
  ['mocks -> domain', from(MOCKS, '#domain/contract/cart.ts')],
  ['flows -> machines', from(FLOWS, '#machines/payment/payment-response.machine.ts')],
  ['flows -> domain', from(FLOWS, '#domain/money.ts')],
  ['flows -> flows by ./', from(FLOWS, './flow-graph.ts')],
  ['flows -> xstate', from(FLOWS, 'xstate')],
  ['flows -> elkjs', from(FLOWS, 'elkjs/lib/elk.bundled.js')],
  ['flows test -> vitest', from('flows/probe.test.ts', 'vitest')],
  ['app -> flows', from(APP, '#flows/flow-svg.ts')],
  ['story -> src', from(STORY, '#src/screens/view-cart/view-cart-view.tsx')],
  ['story -> machines', from(STORY, '#machines/cart/cart.machine.ts')],
  ['story -> domain', from(STORY, '#domain/messages.ts')],
  ['story -> mocks by ../', from(STORY, '../../mocks/fixtures.ts')],
  ['story -> flows', from(STORY, '#flows/flow-machines.ts')],
  ['story -> stories by ../', from(STORY, '../support/play-checks.ts')],
  ['story -> storybook', from(STORY, '@storybook/react-vite')],
  ['storybook config -> mocks by ../', from(STORYBOOK, '../mocks/handlers.ts')],
  ['storybook config -> stories by ../', from(STORYBOOK, '../stories/flows/with-flow.tsx')],
  ['script -> server by ../', from(SCRIPT, '../server/env.ts')],
  ['script -> server by alias', from(SCRIPT, '#server/app-host.ts')],
  ['script -> flows', from(SCRIPT, '#flows/flow-svg.ts')],
  ['script -> machines', from(SCRIPT, '#machines/payment/payment-response.machine.ts')],
  ['script -> domain', from(SCRIPT, '#domain/money.ts')],
  ['script -> vite', from(SCRIPT, 'vite')],
  ['script -> node:fs', from(SCRIPT, 'node:fs')],
  // A screen's test may wait; a purely visual effect lives in src/ui; a screen may call what it is given.
  ['screen test -> setTimeout', { file: 'src/screens/view-cart/probe.test.tsx', code: 'export const later = () => setTimeout(() => undefined, 500);\n' }],
  ['ui -> setTimeout', { file: 'src/ui/probe.tsx', code: 'export const later = () => setTimeout(() => undefined, 500);\n' }],
  ['screen -> a given read named fetch', { file: SCREEN, code: 'export const read = (api: { fetch: () => void }) => api.fetch();\n' }],
  ['screen -> the machine it is given', { file: SCREEN, code: "import type { NewLineSnapshot } from '#machines/cart/new-line.machine.ts';\nexport const chosen = (s: NewLineSnapshot) => s.context.currencyCode;\n" }],
];

let eslint: ESLint;
const boundaryErrors = async ({ file, code }: Probe): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
};

describe('import boundaries', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it('has a src/app module that screens may not import, to probe with', () => {
    expect(appInternal).toBeDefined();
    expect(appSurface.length).toBeGreaterThan(0);
  });

  it.each(forbidden)('fails lint: %s', async (_, probe) => {
    expect(await boundaryErrors(probe)).not.toEqual([]);
  });

  it.each(allowed)('passes lint: %s', async (_, probe) => {
    expect(await boundaryErrors(probe)).toEqual([]);
  });
});
