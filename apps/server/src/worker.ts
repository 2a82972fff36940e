import { loadConfig } from './config.ts';
import { keepRunningThroughDatabaseFaults } from './process-guard.ts';
import { processLog } from './process-log.ts';
import { claimScratchDir } from './scratch-dir.ts';
import { openDatabase } from './db/client.ts';
import { composeCore } from './compose.ts';
import { serveMetrics } from './providers/metrics/serve.ts';

/**
 * A worker-only process: it serves no HTTP, only takes jobs from the shared database and writes to the shared
 * storage. It needs PostgreSQL, because the embedded PGlite database belongs to the one process that opened it.
 */
const loaded = loadConfig();
const scratch = claimScratchDir(loaded.tmpDir);
const config = { ...loaded, tmpDir: scratch.dir };
if (!config.databaseUrl) {
  console.error('A worker-only process needs DATABASE_URL (PostgreSQL): PGlite cannot be shared between processes. Without it, `npm start` runs the workers itself.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const log = processLog(config);
keepRunningThroughDatabaseFaults(log);
const { queue, metrics } = composeCore(config, database, log);
await queue.startWorkers(config.workerConcurrency, config.workerConcurrencyByKind);
const metricsServer = config.metricsPort ? await serveMetrics(metrics, config.metricsPort) : undefined;
console.log(`Reelsmith worker ${process.pid} is taking jobs (concurrency ${config.workerConcurrency}).`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  metricsServer?.close();
  await queue.stop();
  await database.close();
  scratch.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
