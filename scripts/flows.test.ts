import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flowGraph } from '#flows/flow-graph.ts';
import { FLOW_MACHINES } from '#flows/flow-machines.ts';
import { flowSvg } from '#flows/flow-svg.ts';
import { flowFile } from './flows.ts';

const STALE = 'is out of date with its machine: run `npm run flows` and commit docs/flows/';

describe('docs/flows: each statechart drawn from its machine', () => {
  it.each(FLOW_MACHINES.map((entry) => [entry.name, entry] as const))('%s.svg matches its machine', async (name, { machine }) => {
    const file = flowFile(name);
    expect(existsSync(file), `docs/flows/${name}.svg is missing: run \`npm run flows\``).toBe(true);
    const drawn = await flowSvg(flowGraph(machine));
    // Compared as a boolean first, so a failure says what to do rather than printing two SVGs.
    expect(readFileSync(file, 'utf8') === drawn, `docs/flows/${name}.svg ${STALE}`).toBe(true);
  });

  it('has a page in Storybook\'s Flows section for each machine', () => {
    const stories = readFileSync(new URL('../stories/flows/flows.stories.tsx', import.meta.url), 'utf8');
    const missing = FLOW_MACHINES.filter(({ name }) => !stories.includes(`args: { name: '${name}' }`)).map(({ name }) => name);
    expect(missing, 'add a story to stories/flows/flows.stories.tsx for each').toEqual([]);
  });
});
