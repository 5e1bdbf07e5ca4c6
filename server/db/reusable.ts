/**
 * Statements the shop sends on every request of a kind (the session read of every signed-in call,
 * a cart's lines read and written on every cart change), built by drizzle once and sent many times.
 *
 * drizzle's query builder walks every column and condition of a statement again each time it is
 * built, checking each piece's kind: under load that was about a quarter of the API's CPU for a
 * cart add (its three statements took about 0.5 ms to build on the benchmark machine). Only the
 * values change between calls, so they go in as placeholders (`sql.placeholder(name)`) and the rest
 * is built on first use.
 *
 * What goes to the database does not change: the same SQL text, sent the same way as a built
 * statement (`prepare('')` names no server-side statement: node-postgres sends it unnamed, as
 * ever), on the connection of the database or the transaction it is given. Values are converted by
 * their column as the builder would (dates, numerics), and a null goes as null, as it does there.
 */
import { Param, Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** drizzle's prepared statement: it runs on the driver's client it was built with. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** What both drivers' prepared statements keep: the client they send through, the parameters they fill in. */
interface Kept<R> extends Prepared<R> {
  client: unknown;
  params: unknown[];
}

/**
 * A placeholder's parameter as the builder treats a value: converted by its column, except null.
 * (drizzle fills a placeholder in through the column's conversion even when it is null, which a
 * date's conversion cannot take.)
 */
function nullAsNull(param: unknown): unknown {
  if (!(param instanceof Param) || !(param.value instanceof Placeholder)) return param;
  const { encoder } = param;
  return new Param(param.value, { mapToDriverValue: (value: unknown) => (value === null ? null : encoder.mapToDriverValue(value)) });
}

function isKept<R>(statement: Prepared<R>): statement is Kept<R> {
  return 'client' in statement && 'params' in statement && Array.isArray(statement.params);
}

/** The driver's client a database or transaction sends its statements through (drizzle's own session field). */
function sessionOf(db: Db): { client: unknown } {
  return db._.session as unknown as { client: unknown };
}

export type Reusable<R> = (db: Db, values: Record<string, unknown>) => Promise<R>;

/**
 * `build(db)` is the statement as drizzle's builder writes it, with placeholders for its values.
 * Answers a function that runs it with these values on `db` (a database or a transaction).
 */
export function reusable<R>(build: (db: Db) => { prepare(name: string): Prepared<R> }): Reusable<R> {
  // One per driver (PGlite, node-postgres): the statement object is the driver's own.
  const built = new Map<unknown, Kept<R>>();
  return (db, values) => {
    const session = sessionOf(db);
    let statement = built.get(session.constructor);
    if (statement === undefined) {
      const prepared = build(db).prepare('');
      if (!isKept(prepared)) throw new Error('drizzle’s prepared statement no longer keeps its client and parameters: reusable() needs rewriting');
      prepared.params = prepared.params.map(nullAsNull);
      statement = prepared;
      built.set(session.constructor, statement);
    }
    const onThisConnection = Object.create(statement) as Kept<R>;
    onThisConnection.client = session.client;
    return onThisConnection.execute(values);
  };
}

/**
 * A placeholder where drizzle's types for an update's `set` want a value. At run time drizzle takes
 * it as it takes one in an insert's values: filled in when the statement runs, converted by the
 * column it is set on.
 */
export function setTo<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
