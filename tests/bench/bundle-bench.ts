/**
 * The calculator page's first-load JS against a bare React 19 app built by the same Vite: gzip
 * bytes of each entry and its static imports (scripts/bundle-size.ts). Deterministic.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { firstLoadJs, type FirstLoadJs } from '../../scripts/bundle-size.ts';

const FIXTURE = path.join(import.meta.dirname, 'bare-react');

/** Builds tests/bench/bare-react into a temporary folder and measures it. */
export async function bareReactFirstLoad(): Promise<FirstLoadJs> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bare-react-'));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: FIXTURE,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
    return firstLoadJs(outDir);
  } finally {
    process.env.NODE_ENV = previous;
    rmSync(outDir, { recursive: true, force: true });
  }
}
