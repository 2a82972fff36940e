import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './providers/storage/s3.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting the app reads, parsed once at boot. Services receive values from here, never from process.env. */
const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Reelsmith <no-reply@reelsmith.local>'),
  RUN_WORKERS: booleanFlag.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(6 * 60 * 60),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  authRateLimit: { max: number; windowSeconds: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  runWorkers: boolean;
  workerConcurrency: number;
  fileUrlTtlSeconds: number;
  s3: S3Settings | undefined;
  webDistDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  production: boolean;
}

/** The secret signs sessions; kept in DATA_DIR so a restart keeps everyone signed in. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const repoRoot = resolve(import.meta.dirname, '../../..');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    runWorkers: e.RUN_WORKERS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    fileUrlTtlSeconds: e.FILE_URL_TTL_SECONDS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
  };
}
