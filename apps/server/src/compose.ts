import { join } from 'node:path';
import { probe, verifyDecodes } from '@reelsmith/media';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createRepositories } from './db/repositories/index.ts';
import { createBoss } from './jobs/boss.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createRenderJob } from './jobs/render-job.ts';
import { createEmailSender } from './providers/email/index.ts';
import { createStorage } from './providers/storage/index.ts';
import { createAuth } from './services/auth.ts';
import { createFileUrlSigner } from './services/file-urls.ts';
import { createQuotaService } from './services/quotas.ts';
import { createUploadService } from './services/uploads.ts';
import { buildApp } from './app.ts';

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/** The collaborators both the web process and a worker-only process need. */
export function composeCore(config: AppConfig, database: DatabaseHandle, log: Logger) {
  const repositories = createRepositories(database.db);
  const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
  const boss = createBoss(database, (error) => log.error(`job queue: ${error.message}`));
  const jobs = { render: createRenderJob({ storage, tmpDir: join(config.dataDir, 'tmp') }) };
  const queue = createJobQueue({ boss, statuses: repositories.jobStatus, definitions: Object.values(jobs), log });
  return { repositories, storage, queue, jobs };
}

/** The composition root of the web process: one place that turns config and a database into the running app. */
export async function composeApp(config: AppConfig, database: DatabaseHandle, log: Logger) {
  const core = composeCore(config, database, log);
  const { repositories, storage } = core;
  const email = createEmailSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }, repositories.outbox, log.info);
  const quotas = createQuotaService({ subscriptions: repositories.subscriptions, clock: () => new Date() });
  const auth = createAuth({
    onUserCreated: async (created) => {
      await repositories.users.ensureProfile({ userId: created.id, email: created.email, name: created.name });
      await quotas.current(created.id);
    },
    db: database.db,
    users: repositories.users,
    email,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    rateLimit: config.authRateLimit,
  });
  const signer = createFileUrlSigner({ secret: config.authSecret, ttlSeconds: config.fileUrlTtlSeconds });
  const uploads = createUploadService({
    storage,
    uploads: repositories.uploads,
    signer,
    probe: async (path) => {
      const info = await probe(path);
      if (info.duration > 0) await verifyDecodes(path, info.duration);
      return info;
    },
    tmpDir: join(config.dataDir, 'tmp'),
  });
  const app = await buildApp({
    repositories,
    auth,
    email,
    storage,
    signer,
    uploads,
    queue: core.queue,
    quotas,
    publicUrl: config.publicUrl,
    rateLimit: config.authRateLimit,
    webDistDir: config.webDistDir,
    logLevel: config.logLevel,
  });
  return { ...core, app, auth, email, signer, uploads, quotas };
}
