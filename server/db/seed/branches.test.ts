import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { branchAccess, seedStores, type BranchAccess } from './branches.ts';

/** The branches' access facts as migration 0020 sets them on a database seeded before it. */
function migrationAccess(): Record<string, BranchAccess> {
  const sql = readFileSync(new URL('../migrations/0020_branch-access.sql', import.meta.url), 'utf8');
  const rows = [...sql.matchAll(/\('([A-Z0-9-]+)', (true|false), (true|false), (true|false), (?:'(\d{2}:\d{2})'|NULL)\)/g)];
  return Object.fromEntries(rows.map(([, code, a, b, c, ready]) => [code!, [a === 'true', b === 'true', c === 'true', ready ?? null]]));
}

describe('branch access facts', () => {
  it('are the same in the seed and in migration 0020', () => {
    expect(migrationAccess()).toEqual(branchAccess);
  });

  it('are given for every branch, and are not all the same', () => {
    const branches = seedStores.filter((s) => !s.isMeta).map((s) => s.branchCode);
    expect(Object.keys(branchAccess).sort()).toEqual([...branches].sort());
    const facts = Object.values(branchAccess);
    for (const i of [0, 1, 2] as const) expect(new Set(facts.map((f) => f[i]))).toEqual(new Set([true, false]));
    expect(new Set(facts.map((f) => f[3])).size).toBeGreaterThan(3);
  });
});
