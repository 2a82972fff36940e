import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { createNetwork, type Host, type Network } from './network.ts';
import { startPrivatePostgres, type PrivatePostgres } from './postgres.ts';
import { startOn, waitForLog, waitForOk, type HostProcess } from './processes.ts';

const serverRoot = resolve(import.meta.dirname, '../..');
const repoRoot = resolve(serverRoot, '../..');
/** The address people use: a load balancer's, in front of every API process (links in mails point here). */
export const publicUrl = 'http://reelsmith.test';
export const bucket = 'reelsmith';
const apiPort = 8080;

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** JOB_LOST_AFTER_SECONDS of every process. */
  lostAfterSeconds: number;
  /** Where the hosts' logs are copied when the cluster fails to start (they go with the temp folder otherwise). */
  logsOnFailure?: string;
}

export interface Api {
  host: Host;
  url: string;
  process: HostProcess;
}

export interface Cluster {
  postgres: PrivatePostgres;
  s3: S3Client;
  apis: Api[];
  /** The current worker process of each worker host (a restarted one replaces the killed one). */
  workers: HostProcess[];
  /** Starts (again) the worker process of worker host `index`. */
  startWorker(index: number): HostProcess;
  /** DATA_DIR of each host that runs the app, by host name. */
  dataDirs: Record<string, string>;
  logDir: string;
  /** OPERATOR_TOKEN of every process: it opens the dev outbox, where the confirmation mails are. */
  operatorToken: string;
  /** Stops every process, deletes the namespaces and the temp folder; safe after a failed start. */
  destroy(): Promise<void>;
}

/**
 * The topology of a deployment on one machine: a database host, an S3 host, API hosts and worker hosts, each in
 * a network namespace of its own on a private /24. Everything lives in one temp folder that destroy() removes.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-multihost-'));
  // The postgres user must reach its data folder inside.
  chmodSync(dir, 0o755);
  const logDir = join(dir, 'logs');
  const apiNames = Array.from({ length: options.apis }, (_, i) => `api${i + 1}`);
  const workerNames = Array.from({ length: options.workers }, (_, i) => `w${i + 1}`);
  const processes: HostProcess[] = [];
  let network: Network | undefined;
  let postgres: PrivatePostgres | undefined;
  const destroy = async () => {
    await Promise.all(processes.map((p) => p.kill()));
    postgres?.stop();
    network?.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    network = createNetwork(['db', 's3', ...apiNames, ...workerNames]);
    const { hosts } = network;
    const subnet = network.rootAddress.replace(/\.1$/, '');
    postgres = startPrivatePostgres(hosts.db!, join(dir, 'postgres'), subnet);

    const s3Endpoint = `http://${hosts.s3!.address}:9000`;
    mkdirSync(join(dir, 's3'));
    const s3rver = startOn(hosts.s3!, [process.execPath, join(repoRoot, 'node_modules/s3rver/bin/s3rver.js'), '-d', join(dir, 's3'), '-a', hosts.s3!.address, '-p', '9000', '-s', '--configure-bucket', bucket], {
      cwd: dir,
      env: { PATH: process.env.PATH },
      logDir,
      label: 's3',
    });
    processes.push(s3rver);

    const dataDirs: Record<string, string> = {};
    const shared = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      OPERATOR_TOKEN: randomBytes(16).toString('hex'),
      PUBLIC_URL: publicUrl,
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      LIBRARY_WARMUP: 'false',
      // Every sign-up comes from the test's one address.
      AUTH_RATE_LIMIT_MAX: '1000',
      JOB_LOST_AFTER_SECONDS: String(options.lostAfterSeconds),
    };
    const appEnv = (host: Host, extra: Record<string, string>) => {
      const dataDir = join(dir, 'hosts', host.name);
      dataDirs[host.name] = dataDir;
      return { ...shared, DATA_DIR: dataDir, ...extra };
    };
    const tsx = (entry: string) => [process.execPath, '--import', 'tsx', entry];

    const apis = apiNames.map((name) => {
      const host = hosts[name]!;
      const child = startOn(host, tsx('src/main.ts'), { cwd: serverRoot, env: appEnv(host, { RUN_WORKERS: 'false', PORT: String(apiPort) }), logDir, label: name });
      processes.push(child);
      return { host, url: `http://${host.address}:${apiPort}`, process: child };
    });
    const workers: HostProcess[] = [];
    const startWorker = (index: number) => {
      const host = hosts[workerNames[index]!]!;
      const child = startOn(host, tsx('src/worker.ts'), { cwd: serverRoot, env: appEnv(host, {}), logDir, label: `${host.name}-${Date.now()}` });
      processes.push(child);
      workers[index] = child;
      return child;
    };
    workerNames.forEach((_, index) => startWorker(index));
    // /ready answers once the database (migrated) and the bucket answer: the whole chain is up.
    await Promise.all(apis.map((api) => waitForOk(`${api.url}/ready`, api.process)));
    await Promise.all(workers.map((worker) => waitForLog(worker, 'is taking jobs')));

    const s3 = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    return { postgres, s3, apis, workers, startWorker, dataDirs, logDir, operatorToken: shared.OPERATOR_TOKEN, destroy };
  } catch (error) {
    if (options.logsOnFailure) cpSync(logDir, options.logsOnFailure, { recursive: true });
    await destroy();
    throw error;
  }
}
