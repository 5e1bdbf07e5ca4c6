import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STAMP_FILE } from './app-build.ts';
import { bundleForNode, serverStaleReason } from './server-build.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, seconds));
let root: string;

function tree(): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'server-build-'));
  for (const dir of ['server/db/migrations', 'domain', 'dist-server', 'src']) mkdirSync(path.join(root, dir), { recursive: true });
  const files = ['server/main.ts', 'domain/money.ts', 'src/main.tsx', 'server/app.test.ts', 'package-lock.json'];
  for (const file of files) writeFileSync(path.join(root, file), '');
  for (const p of [...files, 'server/db/migrations', 'server/db', 'server', 'domain', 'src']) utimesSync(path.join(root, p), at(0), at(0));
  writeFileSync(path.join(root, 'dist-server/main.mjs'), '');
  writeFileSync(path.join(root, 'dist-server', STAMP_FILE), JSON.stringify({ inputsMtimeMs: at(5).getTime(), builtAt: at(6).toISOString() }));
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('serverStaleReason: npm start bundles the server only when its sources changed', () => {
  it('is current when no server or domain source is newer than the stamp', () => {
    expect(serverStaleReason(tree())).toBeNull();
  });

  it.each([
    ['server/main.ts', 'sources changed since the last build'],
    ['domain/money.ts', 'sources changed since the last build'],
    ['package-lock.json', 'sources changed since the last build'],
  ])('is stale when %s changed', (file, reason) => {
    tree();
    utimesSync(path.join(root, file), at(10), at(10));
    expect(serverStaleReason(root)).toBe(reason);
  });

  it('ignores the app, and the server tests, which are not in the bundle', () => {
    tree();
    utimesSync(path.join(root, 'src/main.tsx'), at(10), at(10));
    utimesSync(path.join(root, 'server/app.test.ts'), at(10), at(10));
    expect(serverStaleReason(root)).toBeNull();
  });

  it('is stale without a bundle or without a stamp', () => {
    tree();
    rmSync(path.join(root, 'dist-server', STAMP_FILE));
    expect(serverStaleReason(root)).toBe('the build in dist-server/ has no stamp');
    rmSync(path.join(root, 'dist-server/main.mjs'));
    expect(serverStaleReason(root)).toBe('no build in dist-server/');
  });
});

describe('bundleForNode: what the code imports lazily stays out of the start', () => {
  it('leaves a lazily imported module, and the packages it needs, in a chunk the entry does not load', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
    writeFileSync(path.join(root, 'main.ts'), "export const openDriver = () => import('./driver.ts');\n");
    writeFileSync(path.join(root, 'driver.ts'), "import pg from 'pg';\nexport default pg;\n");
    await bundleForNode({ entry: path.join(root, 'main.ts'), outfile: path.join(root, 'out/main.mjs'), external: ['pg'] });
    const files = readdirSync(path.join(root, 'out'));
    expect(files).toContain('main.mjs');
    const main = readFileSync(path.join(root, 'out/main.mjs'), 'utf8');
    expect(main).not.toMatch(/from\s*["']pg["']/);
    const chunks = files.filter((f) => f !== 'main.mjs').map((f) => readFileSync(path.join(root, 'out', f), 'utf8'));
    expect(chunks.some((c) => /from\s*["']pg["']/.test(c))).toBe(true);
  });
});
