/**
 * `npm run test:visual [-- --update]`: the story run (scripts/storybook-if-changed.ts, then the
 * `stories` project), whose screen stories are compared with their visual baselines
 * (tests/stories/visual.ts). With `--update` the pictures taken become the baselines; STORY=<part
 * of an id> narrows the run as in `npm run test:stories`.
 */
import { spawnSync } from 'node:child_process';

const update = process.argv.includes('--update');
const rest = process.argv.slice(2).filter((a) => a !== '--update' && a !== '--');
const env = { ...process.env, VISUAL: '1', ...(update ? { VISUAL_UPDATE: '1' } : {}) };
const run = (args: string[]): number => spawnSync('npx', args, { stdio: 'inherit', env }).status ?? 1;

process.exitCode = run(['tsx', 'scripts/storybook-if-changed.ts']) || run(['vitest', 'run', '--project', 'stories', ...rest]);
