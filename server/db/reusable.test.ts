import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing.ts';
import type { Db } from './client.ts';
import { reusable, setTo } from './reusable.ts';
import * as t from './schema.ts';

// PGlite in memory, or PostgreSQL with DATABASE_URL (where a transaction has a connection of its own).
describe('a statement built once and sent many times', () => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const newSession = async (into: Db = db) => {
    const [row] = await into.insert(t.sessions).values({ siteId: 1 }).returning();
    return row!;
  };

  let builds = 0;
  const byId = reusable((on) => {
    builds++;
    return on.select().from(t.sessions).where(eq(t.sessions.id, sql.placeholder('id')));
  });
  const touch = reusable((on) =>
    on
      .update(t.sessions)
      .set({ hasProfile: setTo('hasProfile'), revokedAt: setTo('revokedAt') })
      .where(eq(t.sessions.id, sql.placeholder('id'))),
  );

  it('sends what the builder sends, the same text and values, and answers the same rows', async () => {
    const session = await newSession();
    const sent: [string, readonly unknown[]][] = [];
    const stop = server.database.observe((text, values) => sent.push([text, values]));
    try {
      const built = await db.select().from(t.sessions).where(eq(t.sessions.id, session.id));
      const reused = await byId(db, { id: session.id });
      expect(reused).toEqual(built);
      expect(reused).toEqual([session]);
    } finally {
      stop();
    }
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('is built once, on first use', async () => {
    const { id } = await newSession();
    for (let i = 0; i < 5; i++) expect(await byId(db, { id })).toHaveLength(1);
    expect(builds).toBe(1);
  });

  it('runs on the transaction it is given: it sees the transaction’s own uncommitted rows', async () => {
    let seenInside: unknown[] = [];
    const id = randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(t.sessions).values({ id, siteId: 1 });
        seenInside = await byId(tx, { id });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside).toHaveLength(1);
    expect(await byId(db, { id })).toEqual([]);
  });

  it('converts each value by its column, as the builder does (a date into a timestamp)', async () => {
    const { id } = await newSession();
    const revokedAt = new Date('2026-03-29T00:59:59.123Z');
    await touch(db, { id, hasProfile: true, revokedAt });
    const [row] = await byId(db, { id });
    expect(row).toMatchObject({ id, hasProfile: true, revokedAt });
    await touch(db, { id, hasProfile: false, revokedAt: null });
    expect((await byId(db, { id }))[0]).toMatchObject({ hasProfile: false, revokedAt: null });
  });

  it('refuses to run with a value missing, rather than sending null', async () => {
    const { id } = await newSession();
    await expect(touch(db, { id, hasProfile: true })).rejects.toThrow(/revokedAt/);
    expect((await byId(db, { id }))[0]?.hasProfile).toBe(false);
  });
});
