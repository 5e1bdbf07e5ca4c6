import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { OFF_THE_FIRST_LOAD } from './bundle-size.ts';

it('names, in the modules kept off the first load, only files that exist (a moved module would slip past the check)', () => {
  const root = resolve(import.meta.dirname, '..');
  expect(OFF_THE_FIRST_LOAD.filter((module) => !existsSync(resolve(root, module)))).toEqual([]);
});
