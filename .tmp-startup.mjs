const t0 = performance.now();
const { PGlite } = await import('@electric-sql/pglite');
const t1 = performance.now();
const db = await PGlite.create(process.argv[2], { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
const t2 = performance.now();
await db.query('select 1');
const t3 = performance.now();
console.log(`import ${(t1-t0).toFixed(0)} ms, create ${(t2-t1).toFixed(0)} ms, first query ${(t3-t2).toFixed(0)} ms`);
await db.close();
