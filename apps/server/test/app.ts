import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../src/config.ts';
import { composeApp, type Logger } from '../src/compose.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import type { TestDatabaseTarget } from './databases.ts';

export const testPublicUrl = 'http://localhost:8080';
export const testOperatorToken = 'test-operator-token';
/** What the outbox and the test gateway's clock want from an operator. */
export const operatorHeaders = { 'x-operator-token': testOperatorToken };

/** The vendors' local protocol servers answer within milliseconds from loopback: poll them fast, download from there. */
export const localVendorTuning: AppConfig['videoGenerationTuning'] = { pacing: { pollMs: 20, maxPollMs: 60, backoffMs: 20 }, results: { allowPrivateHosts: true } };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'reelsmith-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: testPublicUrl,
    publicUrlConfigured: false,
    dataDir,
    tmpDir: join(dataDir, 'tmp'),
    databaseUrl: undefined,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    operatorToken: testOperatorToken,
    deployment: false,
    authRateLimit: { max: 1000, windowSeconds: 60 },
    smtpUrl: undefined,
    mailFrom: 'Reelsmith <no-reply@reelsmith.local>',
    runWorkers: false,
    workerConcurrency: 1,
    workerConcurrencyByKind: {},
    renderSegments: { parts: 1, minSeconds: 40 },
    jobLostAfterSeconds: 20,
    // A test's app closes when its tests are done: a render nobody waits for any more is stopped, not finished.
    jobShutdownGraceSeconds: 0,
    trustProxy: false,
    metricsPort: undefined,
    fileUrlTtlSeconds: 3600,
    s3: undefined,
    llm: undefined,
    razorpay: undefined,
    seller: { name: 'Reelsmith', address: '1 Test Street', taxId: '29ABCDE1234F1Z5', email: 'billing@example.com' },
    webDistDir: '/nonexistent',
    logLevel: 'silent',
    // Tests make only what they ask for: a library test sets its own tiny counts.
    library: { warmUp: false, stockDir: undefined, musicDir: undefined, counts: { images: 0, videos: 0, backgrounds: 0, tracks: 0, previews: 0 } },
    pexels: undefined,
    tts: { openai: undefined, elevenlabs: undefined },
    stt: undefined,
    videoGeneration: {},
    videoGenerationLimits: { runningPerUser: 2, perDay: 20, jobMinutes: 20 },
    offlineGenerationLimits: { perDay: 30, atOnce: 2 },
    imageGeneration: {},
    ugcImagesPerAiCredit: 5,
    production: false,
    validateResponses: true,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  composed: Awaited<ReturnType<typeof composeApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** `log` receives what the app would log (silent unless a test reads it). */
export async function startTestApp(target: TestDatabaseTarget, overrides: Partial<AppConfig> = {}, log: Logger = { info: () => undefined, error: () => undefined }): Promise<TestApp> {
  const database = await target.open();
  const config = testConfig(overrides);
  const composed = await composeApp(config, database, log);
  await composed.app.ready();
  return {
    app: composed.app,
    config,
    composed,
    database,
    async close() {
      await composed.app.close();
      await composed.queue.stop();
      await database.close();
    },
  };
}

/** A tiny cookie jar over app.inject, so a test reads like a browser session. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const options: InjectOptions = {
      method,
      url,
      // A browser names the page's origin on every POST; better-auth refuses a cookie-carrying one without it.
      headers: { ...(method !== 'GET' ? { origin: testPublicUrl } : {}), ...headers, ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}) },
    };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(options);
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }

  get(url: string) {
    return this.request('GET', url);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
