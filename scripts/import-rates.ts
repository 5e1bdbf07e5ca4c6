/**
 * `npm run rates:import [source]`: imports the day's reference rates (services/daily-rates.ts)
 * into the shop's database (DATABASE_URL, or the embedded one in DATA_DIR) from `source` (an
 * eurofxref URL or file), by default DAILY_RATES_SOURCE or the European Central Bank's daily file.
 * Stop the shop first when it runs on the embedded database (one process per PGlite directory).
 */
import { openDatabase } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed/index.ts';
import { systemClock } from '../server/deps.ts';
import { readEnv } from '../server/env.ts';
import { DailyRatesError, importDailyRates } from '../server/services/daily-rates.ts';

const config = readEnv();
const source = process.argv[2] ?? config.dailyRatesSource;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // A database the shop has not started on yet gets its catalogue first, as `npm start` would.
  await migrate(database);
  if (config.seed) await seed(database.db, { now: systemClock.now(), production: config.production });
  const record = await importDailyRates({ db: database.db, clock: systemClock }, source);
  console.log(`Imported ${record.stored} rates for ${record.days.join(', ')} from ${record.source}`);
  if (record.sampleRemoved > 0) console.log(`The sample rates (${record.sampleRemoved}) are gone: the shop shows real rates only`);
  if (record.notInFile.length > 0) console.log(`Not in the file (they keep their latest rate): ${record.notInFile.join(' ')}`);
} catch (error) {
  if (!(error instanceof DailyRatesError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
