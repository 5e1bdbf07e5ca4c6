/**
 * Proves the rate chart stays out of the home page's first load (spec 2.13 is a page of its own):
 * builds the app with a manifest into a temporary folder and checks that no chunk the entry
 * loads up front (the entry and its static imports, transitively) holds @visx or the chart
 * screen's code, while some chunk loaded on demand holds both.
 *
 *   npx tsx scripts/check-chart-split.ts            # exits 1 and names the offending chunk
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';

interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

const isVisx = (id: string) => /[\\/]node_modules[\\/]@visx[\\/]/.test(id);
const isChartScreen = (id: string) => /[\\/]src[\\/]screens[\\/]chart[\\/]/.test(id);

export async function analyseChunks(): Promise<ChunkInfo[]> {
  const chunks: ChunkInfo[] = [];
  const recorder: Plugin = {
    name: 'record-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          moduleIds: output.moduleIds,
        });
      }
    },
  };
  const outDir = mkdtempSync(join(tmpdir(), 'chart-split-'));
  try {
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false }, plugins: [recorder] });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return chunks;
}

/** The chunks a page loads before anything is asked for on demand. */
export function firstLoad(chunks: readonly ChunkInfo[]): ChunkInfo[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  chunks.filter((c) => c.isEntry).forEach((c) => visit(c.fileName));
  return [...seen].map((name) => byName.get(name)).filter((c): c is ChunkInfo => c !== undefined);
}

export function problemsOf(chunks: readonly ChunkInfo[]): string[] {
  const problems: string[] = [];
  const initial = firstLoad(chunks);
  if (initial.length === 0) problems.push('no entry chunk was built');
  for (const chunk of initial) {
    const visx = chunk.moduleIds.filter(isVisx);
    const chart = chunk.moduleIds.filter(isChartScreen);
    if (visx.length > 0) problems.push(`${chunk.fileName} (first load) holds @visx: ${visx.slice(0, 3).join(', ')}`);
    if (chart.length > 0) problems.push(`${chunk.fileName} (first load) holds the chart screen: ${chart.join(', ')}`);
  }
  const initialNames = new Set(initial.map((c) => c.fileName));
  const lazy = chunks.filter((c) => !initialNames.has(c.fileName));
  if (!lazy.some((c) => c.moduleIds.some(isVisx))) problems.push('no chunk loaded on demand holds @visx');
  if (!lazy.some((c) => c.moduleIds.some(isChartScreen))) problems.push('no chunk loaded on demand holds the chart screen');
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = await analyseChunks();
  const problems = problemsOf(chunks);
  const initial = firstLoad(chunks).map((c) => c.fileName);
  if (problems.length > 0) {
    console.error(`The chart is not split from the first load:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`First load: ${initial.join(', ')}. @visx and the chart screen load on demand.`);
}
