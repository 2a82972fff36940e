import { loadConfig } from './config.ts';
import { keepRunningThroughDatabaseFaults } from './process-guard.ts';
import { processLog } from './process-log.ts';
import { claimScratchDir } from './scratch-dir.ts';
import { openDatabase } from './db/client.ts';
import { composeApp } from './compose.ts';
import { mailboxLine, standInsLine, startBanner } from './start-banner.ts';

const loaded = loadConfig();
const scratch = claimScratchDir(loaded.tmpDir);
const config = { ...loaded, tmpDir: scratch.dir };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const log = processLog(config);
keepRunningThroughDatabaseFaults(log);
const { app, queue } = await composeApp(config, database, log);
if (config.runWorkers) await queue.startWorkers(config.workerConcurrency, config.workerConcurrencyByKind);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await queue.stop();
  await database.close();
  scratch.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL';
console.log(startBanner({ url: config.publicUrl, database: where, dataDir: config.dataDir, color: process.stdout.isTTY === true }));
if (!config.smtpUrl) console.log(mailboxLine(config));
const standIns = standInsLine(config);
if (standIns) console.log(standIns);
