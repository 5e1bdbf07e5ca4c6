/**
 * `npm start`: the app host (:3000), the API (:3001) and the sandbox payment provider (:3002),
 * three origins in one process (server/start.ts).
 *
 * The database starts opening before the rest of the server is loaded: PGlite spends much of its
 * opening waiting for its WebAssembly to compile and its files to be read, and PostgreSQL for a
 * connection, and the server's modules load in that time; so do the migrations' check and the
 * seed's (one read each on every start but the first).
 */
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isSeeded } from './db/seed/seeded.ts';
import { readEnv, type Config } from './env.ts';

let config: Config;
try {
  config = readEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const seedWanted = config.seed;
const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).then(async (database) => {
  const applied = await migrate(database);
  return { database, applied, seeded: !seedWanted || (await isSeeded(database.db)) };
});
// Failing to open is reported where it is awaited, once the server has loaded.
opening.catch(() => undefined);
const { start } = await import('./start.ts');
await start(config, opening);
