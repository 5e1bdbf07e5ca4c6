/**
 * Writes each machine's statechart, drawn from its own definition, to docs/flows/<name>.svg.
 *
 *   npm run flows            # after changing a machine; scripts/flows.test.ts fails until then
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flowGraph } from '#flows/flow-graph.ts';
import { FLOW_MACHINES } from '#flows/flow-machines.ts';
import { flowSvg } from '#flows/flow-svg.ts';

export const FLOWS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'flows');

export const flowFile = (name: string) => join(FLOWS_DIR, `${name}.svg`);

async function main() {
  mkdirSync(FLOWS_DIR, { recursive: true });
  for (const { name, machine } of FLOW_MACHINES) {
    writeFileSync(flowFile(name), await flowSvg(flowGraph(machine)));
    console.log(`docs/flows/${name}.svg`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
