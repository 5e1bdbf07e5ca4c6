/**
 * Fails when the calculator page's first-load JS (gzip) outgrows its budget
 * (CALCULATOR_FIRST_LOAD_GZIP_BUDGET in scripts/bundle-size.ts). Reads the build in dist/, so
 * run it after `npm run build`. Also fails when a module only the pages loaded on demand need
 * (OFF_THE_FIRST_LOAD) is on the first load, and names it.
 *
 *   npx tsx scripts/check-bundle-budget.ts     # exits 1 and names the chunks when over budget
 */
import path from 'node:path';
import { CALCULATOR_FIRST_LOAD_GZIP_BUDGET, firstLoadJs, kb, misplacedModules } from './bundle-size.ts';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
let measured;
try {
  measured = firstLoadJs(dist);
} catch (error) {
  console.error(`No build to check in dist/ (run npm run build first): ${(error as Error).message}`);
  process.exit(1);
}
const misplaced = misplacedModules(dist, measured.files);
if (misplaced.length > 0) {
  console.error(`On the first load, though only pages loaded on demand need them: ${misplaced.join(', ')}. A module of the first load reads from them: give what it needs a module of its own (decision 031).`);
  process.exit(1);
}
const chunks = measured.files.map((f) => `${f.file} ${f.gzipBytes} B`).join(', ');
const summary = `Calculator page first-load JS: ${measured.gzipBytes} B gzip (${kb(measured.gzipBytes)}), budget ${CALCULATOR_FIRST_LOAD_GZIP_BUDGET} B (${kb(CALCULATOR_FIRST_LOAD_GZIP_BUDGET)}).`;
if (measured.gzipBytes > CALCULATOR_FIRST_LOAD_GZIP_BUDGET) {
  console.error(`${summary}\nOver budget by ${measured.gzipBytes - CALCULATOR_FIRST_LOAD_GZIP_BUDGET} B. Chunks: ${chunks}`);
  process.exit(1);
}
console.log(`${summary}\nChunks: ${chunks}`);
