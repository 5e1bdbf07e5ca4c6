import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newestInputMtime, STAMP_FILE, staleReason } from './app-build.ts';
import { precompressDir } from './build-plugins.ts';
import { firstLoadJs } from './bundle-size.ts';

let root: string;
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
function file(rel: string, content: string, seconds: number): void {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, content);
  utimesSync(p, at(seconds), at(seconds));
  utimesSync(path.dirname(p), at(seconds), at(seconds));
}
const stamp = (seconds: number) => file(`dist/${STAMP_FILE}`, JSON.stringify({ inputsMtimeMs: at(seconds).getTime(), builtAt: 'x' }), 0);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'app-build-'));
  file('src/main.tsx', 'x', 10);
  file('index.html', 'x', 10);
  file('dist/index.html', 'x', 20);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleReason: npm start builds only when sources changed', () => {
  it('keeps a build stamped with the newest input', () => {
    stamp(10);
    expect(staleReason(root)).toBeNull();
  });

  it.each([
    ['a source edited since', () => file('src/main.tsx', 'y', 30)],
    ['a new source file', () => file('domain/new.ts', 'y', 30)],
    ['the lock file changed', () => file('package-lock.json', 'y', 30)],
  ])('rebuilds after %s', (_, change) => {
    stamp(10);
    change();
    expect(staleReason(root)).toBe('sources changed since the last build');
  });

  it('ignores tests and stories, which are not built', () => {
    stamp(10);
    file('src/main.test.tsx', 'y', 40);
    utimesSync(path.join(root, 'src'), at(10), at(10));
    expect(staleReason(root)).toBeNull();
    expect(newestInputMtime(root)).toBe(at(10).getTime());
  });

  it('builds when there is no build or no stamp', () => {
    expect(staleReason(root)).toBe('the build in dist/ has no stamp');
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(staleReason(root)).toBe('no build in dist/');
  });
});

describe('precompressDir', () => {
  it('leaves brotli and gzip copies beside compressible files, none beside small or binary ones', () => {
    const big = 'const a = 1;\n'.repeat(500);
    file('out/assets/app.js', big, 0);
    file('out/assets/tiny.js', 'x', 0);
    file('out/assets/app.js.map', big, 0);
    precompressDir(path.join(root, 'out'));
    const p = path.join(root, 'out/assets/app.js');
    expect(brotliDecompressSync(readFileSync(`${p}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${p}.gz`)).toString()).toBe(big);
    expect(() => readFileSync(path.join(root, 'out/assets/tiny.js.gz'))).toThrow();
    expect(() => readFileSync(path.join(root, 'out/assets/app.js.map.br'))).toThrow();
  });
});

describe('firstLoadJs', () => {
  it('counts the entry and its static imports, not what loads on demand', () => {
    file('b/assets/entry.js', 'entry', 0);
    file('b/assets/shared.js', 'shared', 0);
    file('b/assets/lazy.js', 'lazy', 0);
    file(
      'b/.vite/manifest.json',
      JSON.stringify({
        'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/lazy.tsx'] },
        '_shared.js': { file: 'assets/shared.js' },
        'src/lazy.tsx': { file: 'assets/lazy.js', isDynamicEntry: true, imports: ['_shared.js'] },
      }),
      0,
    );
    const measured = firstLoadJs(path.join(root, 'b'));
    expect(measured.files.map((f) => f.file).sort()).toEqual(['assets/entry.js', 'assets/shared.js']);
    expect(measured.bytes).toBe('entry'.length + 'shared'.length);
  });
});
