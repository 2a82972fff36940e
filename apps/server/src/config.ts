import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { RazorpaySettings } from './providers/payments/razorpay.ts';
import type { S3Settings } from './providers/storage/s3.ts';
import type { PexelsSettings } from './providers/stock/pexels.ts';
import type { TtsSettings } from './providers/tts/index.ts';
import type { HostedTranscriberSettings } from './providers/transcriber/index.ts';
import type { LlmSettings } from './providers/writer/index.ts';
import type { SegmentSettings } from './jobs/segmented-render.ts';
import type { VideoGenerationJobDeps } from './jobs/video-generation-job.ts';
import { videoGenerationSettingsFromEnv, type VideoGenerationSettings } from './providers/video-generation/settings.ts';
import { imageGenerationSettingsFromEnv, type ImageGenerationSettings } from './providers/image-generation/settings.ts';
import { repoRoot } from './paths.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `images=98,videos=3`: a smaller generated library, for a small machine or a test run; kinds left out stay full. */
const libraryKinds = 'images|videos|backgrounds|tracks|previews';
const libraryCounts = z
  .string()
  .regex(new RegExp(`^(${libraryKinds})=\\d{1,4}(,(${libraryKinds})=\\d{1,4})*$`), 'LIBRARY_COUNTS reads like images=98,videos=3 (images, videos, backgrounds, tracks, previews)')
  .transform((value) => Object.fromEntries(value.split(',').map((pair) => pair.split('=')).map(([kind, count]) => [kind, Number(count)])) as Partial<LibraryCounts>);

/** Who sells the plans: printed on every invoice. */
export interface Seller {
  name: string;
  address: string;
  taxId: string;
  email: string;
}

/** How many of each generated kind the media library makes: the full set in the app, a handful in tests. */
export interface LibraryCounts {
  images: number;
  videos: number;
  backgrounds: number;
  tracks: number;
  /** The Create Video tiles' looping previews. */
  previews: number;
}

/** The generated media library: when it starts, the operator's own folders, and how many of each kind. */
export interface LibrarySettings {
  /** Start generating as soon as the app is ready; otherwise on the first request that needs the library. */
  warmUp: boolean;
  stockDir: string | undefined;
  musicDir: string | undefined;
  counts?: Partial<LibraryCounts>;
  /** A pre-rendered library to copy into storage before rendering anything (a release's media-library/). */
  seedDir?: string;
}

/** The release lays its pre-rendered library out beside the server (npm run release); a checkout has none. */
function librarySeedDir(setting: string | undefined): string | undefined {
  const dir = setting ? resolve(setting) : join(repoRoot, 'media-library');
  return existsSync(dir) ? dir : undefined;
}

export function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}

/** Every setting the app reads, parsed once at boot. Services receive values from here, never from process.env. */
const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  VALIDATE_RESPONSES: z.enum(['0', '1']).default('0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  OPERATOR_TOKEN: z.string().min(16).optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Reelsmith <no-reply@reelsmith.local>'),
  RUN_WORKERS: booleanFlag.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  // Per job kind, overriding WORKER_CONCURRENCY: 'render-final=2,synthesize-speech=4,generate-video=0'.
  WORKER_CONCURRENCY_BY_KIND: z
    .string()
    .regex(/^([a-z-]+=\d{1,2}(,[a-z-]+=\d{1,2})*)?$/, 'WORKER_CONCURRENCY_BY_KIND is kind=count pairs, comma-separated (e.g. render-final=2,generate-video=0)')
    .default(''),
  // A final video at least RENDER_SEGMENT_MIN_SECONDS long is split into RENDER_SEGMENTS pieces that free workers
  // render in parallel (render-segment jobs); 1 renders every video in one pass.
  RENDER_SEGMENTS: z.coerce.number().int().min(1).max(16).default(1),
  RENDER_SEGMENT_MIN_SECONDS: z.coerce.number().min(0).default(40),
  // Behind a reverse proxy: 'true' (any), a hop count, or the proxies' addresses/CIDRs, comma-separated.
  TRUST_PROXY: z.string().regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, 'TRUST_PROXY is true, false, a hop count or a comma-separated list of addresses').default('false'),
  // How long a running job may go without its worker's heartbeat (once a second) before another worker takes it over.
  JOB_LOST_AFTER_SECONDS: z.coerce.number().int().min(3).max(3600).default(20),
  // On SIGTERM, how long running jobs may go on before they are stopped and handed back for another worker.
  JOB_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(8),
  // A worker's metrics on 127.0.0.1:<port> (workers serve no HTTP otherwise); unset, none.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(6 * 60 * 60),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  LLM_BASE_URL: z.union([z.literal(''), z.string().url()]).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  WEB_DIST_DIR: z.string().optional(),
  // 'test' takes payments with the built-in test gateway; a deployment (DEPLOYMENT=1, as the release image sets) must
  // choose it explicitly, so a production host never takes pretend money because a Razorpay key went missing.
  PAYMENTS: z.enum(['razorpay', 'test']).optional(),
  DEPLOYMENT: booleanFlag.default(false),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_BASE_URL: z.string().url().default('https://api.razorpay.com/v1'),
  RAZORPAY_PLAN_STARTER: z.string().optional(),
  RAZORPAY_PLAN_GROWTH: z.string().optional(),
  RAZORPAY_PLAN_PRO: z.string().optional(),
  SELLER_NAME: z.string().default('Reelsmith'),
  SELLER_ADDRESS: z.string().default('Reelsmith Studio, 1 Market Street, Bengaluru 560001, India'),
  SELLER_GSTIN: z.string().default('29ABCDE1234F1Z5'),
  SELLER_EMAIL: z.string().default('billing@reelsmith.local'),
  // Media library (issue 6): operator folders of licensed media, Pexels, and whether generation starts at boot.
  STOCK_DIR: z.string().optional(),
  MUSIC_DIR: z.string().optional(),
  PEXELS_API_KEY: z.string().optional(),
  PEXELS_BASE_URL: z.string().url().default('https://api.pexels.com'),
  LIBRARY_WARMUP: booleanFlag.default(true),
  LIBRARY_COUNTS: libraryCounts.optional(),
  LIBRARY_SEED_DIR: z.string().optional(),
  // Speech (issue 7): OpenAI voices when OPENAI_API_KEY is set, cloned voices when ELEVENLABS_API_KEY is set.
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_TTS_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.string().url().default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().min(1).default('eleven_multilingual_v2'),
  TTS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  // Speech to text (issue 8): a hosted OpenAI-compatible transcription endpoint when STT_API_KEY is set.
  STT_API_KEY: z.string().optional(),
  STT_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  // AI video (issue 14): the vendors' own settings are read by videoGenerationSettingsFromEnv; these are the per-user limits.
  VIDEO_GENERATION_RUNNING_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  VIDEO_GENERATION_DAILY_PER_USER: z.coerce.number().int().min(0).default(20),
  VIDEO_GENERATION_JOB_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(20),
  // Motion templates cost no AI credit, only this machine's CPU: bounded per user per day and at once (issue 29).
  OFFLINE_GENERATIONS_DAILY_PER_USER: z.coerce.number().int().min(1).default(30),
  OFFLINE_GENERATIONS_AT_ONCE_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  // UGC stills (issue 15): vendor images cost money though the spec charges no credit for them.
  UGC_IMAGES_PER_AI_CREDIT: z.coerce.number().int().min(1).max(100).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was given: only that origin is trusted. Unset, the loopback names on the port and same-origin calls are. */
  publicUrlConfigured: boolean;
  dataDir: string;
  /** Scratch files: DATA_DIR/tmp, narrowed by main.ts and worker.ts to a folder of the process's own (scratch-dir.ts). */
  tmpDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** Opens the dev mailbox and the test gateway's clock; never logged. */
  operatorToken: string;
  /** DEPLOYMENT=1: a deployed host, whose start log others may read (the operator token is never printed). */
  deployment: boolean;
  authRateLimit: { max: number; windowSeconds: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  runWorkers: boolean;
  workerConcurrency: number;
  /** Overrides of workerConcurrency by job kind; 0 leaves a kind to other processes. */
  workerConcurrencyByKind: Record<string, number>;
  /** Final renders split into segments across workers (jobs/segmented-render.ts). */
  renderSegments: SegmentSettings;
  /** A processing job whose heartbeat is older than this is handed to another worker. */
  jobLostAfterSeconds: number;
  /** How long a stopping process lets its running jobs finish before it stops them and hands them back. */
  jobShutdownGraceSeconds: number;
  /** Which proxies' X-Forwarded-For to believe, so rate limits and logs see the client, not the proxy. */
  trustProxy: boolean | number | string[];
  metricsPort: number | undefined;
  fileUrlTtlSeconds: number;
  s3: S3Settings | undefined;
  /** An OpenAI-compatible chat endpoint when LLM_BASE_URL is set; otherwise the offline copywriter writes. */
  llm: LlmSettings | undefined;
  webDistDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  library: LibrarySettings;
  pexels: PexelsSettings | undefined;
  /** Razorpay when its keys are set; otherwise the built-in test gateway. */
  razorpay: RazorpaySettings | undefined;
  seller: Seller;
  /** Offline voices unless OPENAI_API_KEY is set; cloned voices only with ELEVENLABS_API_KEY. */
  tts: TtsSettings;
  /** Offline pocketsphinx unless STT_API_KEY is set. */
  stt: HostedTranscriberSettings | undefined;
  /** fal.ai or Replicate when set up; neither means the motion templates. */
  videoGeneration: VideoGenerationSettings;
  videoGenerationLimits: VideoGenerationLimits;
  offlineGenerationLimits: { perDay: number; atOnce: number };
  /** OpenAI image edits or fal.ai when set up; neither means the offline compositor. */
  imageGeneration: ImageGenerationSettings;
  ugcImagesPerAiCredit: number;
  /** Tests only (never read from the environment): quick vendor polling, and results the vendor stand-ins serve from loopback. */
  videoGenerationTuning?: Pick<VideoGenerationJobDeps, 'pacing' | 'results'>;
  production: boolean;
  /** Every answer is checked against its endpoint's response schema (tests and e2e runs; a mismatch is a 500). */
  validateResponses: boolean;
}

export interface VideoGenerationLimits {
  /** Generation jobs one user may have running at once; the others wait their turn. */
  runningPerUser: number;
  /** Hosted vendor generations one user may start in 24 hours (a chained scene counts each piece). */
  perDay: number;
  /** How long one run of a generation job may wait on its vendor before it gives up. */
  jobMinutes: number;
}

/** Secrets made on first start are kept in DATA_DIR, so a restart keeps sessions and the operator link working. */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const razorpayVariables = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_PLAN_STARTER',
  'RAZORPAY_PLAN_GROWTH',
  'RAZORPAY_PLAN_PRO',
] as const;

/** Half a Razorpay set-up must not quietly fall back to the test gateway, whose Pay button grants plans for nothing. */
function assertRazorpayComplete(e: z.infer<typeof envSchema>): void {
  const missing = razorpayVariables.filter((name) => !e[name]);
  if (missing.length > 0 && missing.length < razorpayVariables.length) {
    throw new Error(`Invalid configuration: Razorpay is partly configured; also set ${missing.join(', ')} (or unset every RAZORPAY_* key to use the test gateway)`);
  }
}

function assertPaymentsChosen(e: z.infer<typeof envSchema>): void {
  if (e.PAYMENTS === 'razorpay' && !e.RAZORPAY_KEY_ID) throw new Error('Invalid configuration: PAYMENTS=razorpay needs the RAZORPAY_* keys');
  if (e.PAYMENTS === 'test' && e.RAZORPAY_KEY_ID) throw new Error('Invalid configuration: PAYMENTS=test with RAZORPAY_* keys set; unset one or the other');
  if (e.DEPLOYMENT && !e.RAZORPAY_KEY_ID && e.PAYMENTS !== 'test') {
    throw new Error('Invalid configuration: PAYMENTS: this deployment has no Razorpay keys; set the RAZORPAY_* keys, or PAYMENTS=test to take payments with the built-in test gateway');
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.LLM_BASE_URL && !e.LLM_MODEL) throw new Error('Invalid configuration: LLM_MODEL: required when LLM_BASE_URL is set');
  assertRazorpayComplete(e);
  assertPaymentsChosen(e);
  let videoGeneration: VideoGenerationSettings;
  let imageGeneration: ImageGenerationSettings;
  try {
    videoGeneration = videoGenerationSettingsFromEnv(env);
    imageGeneration = imageGenerationSettingsFromEnv(env);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`, { cause: error });
  }
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlConfigured: Boolean(e.PUBLIC_URL),
    dataDir,
    tmpDir: join(dataDir, 'tmp'),
    databaseUrl: e.DATABASE_URL || undefined,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir, 'auth-secret'),
    operatorToken: e.OPERATOR_TOKEN ?? loadOrCreateSecret(dataDir, 'operator-token'),
    deployment: e.DEPLOYMENT,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    runWorkers: e.RUN_WORKERS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerConcurrencyByKind: Object.fromEntries(e.WORKER_CONCURRENCY_BY_KIND.split(',').filter(Boolean).map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])])),
    renderSegments: { parts: e.RENDER_SEGMENTS, minSeconds: e.RENDER_SEGMENT_MIN_SECONDS },
    jobLostAfterSeconds: e.JOB_LOST_AFTER_SECONDS,
    jobShutdownGraceSeconds: e.JOB_SHUTDOWN_GRACE_SECONDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsPort: e.METRICS_PORT,
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
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY || undefined, model: e.LLM_MODEL!, timeoutMs: e.LLM_TIMEOUT_MS } : undefined,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    library: { warmUp: e.LIBRARY_WARMUP, stockDir: e.STOCK_DIR ? resolve(e.STOCK_DIR) : undefined, musicDir: e.MUSIC_DIR ? resolve(e.MUSIC_DIR) : undefined, counts: e.LIBRARY_COUNTS, seedDir: librarySeedDir(e.LIBRARY_SEED_DIR) },
    pexels: e.PEXELS_API_KEY ? { apiKey: e.PEXELS_API_KEY, baseUrl: e.PEXELS_BASE_URL } : undefined,
    // assertRazorpayComplete has made sure that one key means all six.
    razorpay: e.RAZORPAY_KEY_ID
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET!,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
          baseUrl: e.RAZORPAY_BASE_URL.replace(/\/$/, ''),
          planIds: { starter: e.RAZORPAY_PLAN_STARTER!, growth: e.RAZORPAY_PLAN_GROWTH!, pro: e.RAZORPAY_PLAN_PRO! },
        }
      : undefined,
    seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, taxId: e.SELLER_GSTIN, email: e.SELLER_EMAIL },
    tts: {
      openai: e.OPENAI_API_KEY
        ? { baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, model: e.OPENAI_TTS_MODEL, transcribeModel: e.OPENAI_TRANSCRIBE_MODEL, timeoutMs: e.TTS_TIMEOUT_MS }
        : undefined,
      elevenlabs: e.ELEVENLABS_API_KEY
        ? { baseUrl: e.ELEVENLABS_BASE_URL, apiKey: e.ELEVENLABS_API_KEY, model: e.ELEVENLABS_MODEL, timeoutMs: e.TTS_TIMEOUT_MS }
        : undefined,
    },
    stt: e.STT_API_KEY ? { baseUrl: e.STT_BASE_URL, apiKey: e.STT_API_KEY, model: e.STT_MODEL, timeoutMs: e.STT_TIMEOUT_MS } : undefined,
    videoGeneration,
    videoGenerationLimits: { runningPerUser: e.VIDEO_GENERATION_RUNNING_PER_USER, perDay: e.VIDEO_GENERATION_DAILY_PER_USER, jobMinutes: e.VIDEO_GENERATION_JOB_MINUTES },
    offlineGenerationLimits: { perDay: e.OFFLINE_GENERATIONS_DAILY_PER_USER, atOnce: e.OFFLINE_GENERATIONS_AT_ONCE_PER_USER },
    imageGeneration,
    ugcImagesPerAiCredit: e.UGC_IMAGES_PER_AI_CREDIT,
    production: e.NODE_ENV === 'production',
    validateResponses: e.VALIDATE_RESPONSES === '1',
  };
}
