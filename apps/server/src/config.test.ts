import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'reelsmith-config-'));

describe('loadConfig', () => {
  it('gives the embedded defaults with no settings', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080', databaseUrl: undefined, smtpUrl: undefined });
    expect(config.authSecret).toHaveLength(64);
  });

  it('keeps the generated secret across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first);
  });

  it('lets running jobs finish for 8 s on shutdown, or as long as JOB_SHUTDOWN_GRACE_SECONDS says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).jobShutdownGraceSeconds).toBe(8);
    expect(loadConfig({ DATA_DIR: dataDir(), JOB_SHUTDOWN_GRACE_SECONDS: '25' }).jobShutdownGraceSeconds).toBe(25);
  });

  it('switches to PostgreSQL and SMTP when configured', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/app', SMTP_URL: 'smtp://mail:25', PORT: '9000' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://db/app', smtpUrl: 'smtp://mail:25', publicUrl: 'http://localhost:9000' });
  });

  it('listens offline unless STT_API_KEY names a hosted speech-to-text service', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stt).toBeUndefined();
    const hosted = loadConfig({ DATA_DIR: dataDir(), STT_API_KEY: 'sk-stt', STT_BASE_URL: 'http://stt.local/v1', STT_MODEL: 'whisper-large-v3' });
    expect(hosted.stt).toEqual({ baseUrl: 'http://stt.local/v1', apiKey: 'sk-stt', model: 'whisper-large-v3', timeoutMs: 120_000 });
  });

  it('refuses a bad value with a message that names it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOB_SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/JOB_SHUTDOWN_GRACE_SECONDS/);
  });

  it('refuses a partial Razorpay set-up, naming every missing variable', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_1', RAZORPAY_KEY_SECRET: 'secret' };
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET, RAZORPAY_PLAN_STARTER, RAZORPAY_PLAN_GROWTH, RAZORPAY_PLAN_PRO/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), RAZORPAY_WEBHOOK_SECRET: 'whsec' })).toThrow(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,/);
    const plans = { RAZORPAY_PLAN_STARTER: 'plan_S', RAZORPAY_PLAN_GROWTH: 'plan_G', RAZORPAY_PLAN_PRO: 'plan_P' };
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, ...plans })).toThrow(/also set RAZORPAY_WEBHOOK_SECRET \(/);
    const complete = loadConfig({ DATA_DIR: dataDir(), ...keys, ...plans, RAZORPAY_WEBHOOK_SECRET: 'whsec' });
    expect(complete.razorpay).toMatchObject({ keyId: 'rzp_live_1', planIds: { starter: 'plan_S', growth: 'plan_G', pro: 'plan_P' } });
    expect(loadConfig({ DATA_DIR: dataDir() }).razorpay).toBeUndefined();
  });

  it('generates AI video offline unless fal.ai or Replicate is set up, and refuses half a set-up by name', () => {
    const offline = loadConfig({ DATA_DIR: dataDir() });
    expect(offline.videoGeneration).toEqual({});
    expect(offline.videoGenerationLimits).toEqual({ runningPerUser: 2, perDay: 20, jobMinutes: 20 });
    expect(offline.offlineGenerationLimits).toEqual({ perDay: 30, atOnce: 2 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), FAL_KEY: 'fal-key' })).toThrow(/Invalid configuration: .*FAL_MODEL_IMAGE_TO_VIDEO missing/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REPLICATE_MODEL_IMAGE_TO_VIDEO: 'kwaivgi/kling-v2.1' })).toThrow(/REPLICATE_API_TOKEN missing/);
    const fal = loadConfig({ DATA_DIR: dataDir(), FAL_KEY: 'fal-key', FAL_MODEL_IMAGE_TO_VIDEO: 'fal-ai/kling-video/v2.1/standard/image-to-video', VIDEO_GENERATION_LENGTHS: '10,5' });
    expect(fal.videoGeneration.fal).toMatchObject({ apiKey: 'fal-key', baseUrl: 'https://queue.fal.run', lengths: [5, 10], timeoutMs: 30_000 });
    const limits = loadConfig({ DATA_DIR: dataDir(), VIDEO_GENERATION_RUNNING_PER_USER: '1', VIDEO_GENERATION_DAILY_PER_USER: '5', VIDEO_GENERATION_JOB_MINUTES: '45' });
    expect(limits.videoGenerationLimits).toEqual({ runningPerUser: 1, perDay: 5, jobMinutes: 45 });
    const offlineLimits = loadConfig({ DATA_DIR: dataDir(), OFFLINE_GENERATIONS_DAILY_PER_USER: '8', OFFLINE_GENERATIONS_AT_ONCE_PER_USER: '1' });
    expect(offlineLimits.offlineGenerationLimits).toEqual({ perDay: 8, atOnce: 1 });
  });

  it('makes an operator token once and keeps it, unless OPERATOR_TOKEN gives one', () => {
    const dir = dataDir();
    const made = loadConfig({ DATA_DIR: dir }).operatorToken;
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).operatorToken).toBe(made);
    expect(readFileSync(join(dir, 'operator-token'), 'utf8')).toBe(made);
    expect(loadConfig({ DATA_DIR: dir, OPERATOR_TOKEN: 'shared-operator-token-1' }).operatorToken).toBe('shared-operator-token-1');
  });

  it('trusts loopback and same-origin calls only while PUBLIC_URL is unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).publicUrlConfigured).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://reels.example.com/' })).toMatchObject({
      publicUrl: 'https://reels.example.com',
      publicUrlConfigured: true,
    });
  });
});

describe('TRUST_PROXY', () => {
  it('reads true/false, a hop count or a list of proxy addresses, and refuses anything else', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1,10.0.1.0/24')).toEqual(['10.0.0.1', '10.0.1.0/24']);
    const dir = mkdtempSync(join(tmpdir(), 'reelsmith-config-'));
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'everyone; rm -rf' })).toThrow(/TRUST_PROXY/);
  });
});

describe('PAYMENTS in a deployment', () => {
  const razorpay = {
    RAZORPAY_KEY_ID: 'rzp_test_1',
    RAZORPAY_KEY_SECRET: 's',
    RAZORPAY_WEBHOOK_SECRET: 'w',
    RAZORPAY_PLAN_STARTER: 'plan_a',
    RAZORPAY_PLAN_GROWTH: 'plan_b',
    RAZORPAY_PLAN_PRO: 'plan_c',
  };

  it('refuses to start a deployment without Razorpay unless the test gateway is chosen', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, DEPLOYMENT: '1' })).toThrow(/PAYMENTS: this deployment has no Razorpay keys/);
    expect(loadConfig({ DATA_DIR: dir, DEPLOYMENT: '1', PAYMENTS: 'test' }).razorpay).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, DEPLOYMENT: '1', ...razorpay }).razorpay?.keyId).toBe('rzp_test_1');
    // Outside a deployment (npm start on a laptop) the test gateway is the default, as before.
    expect(loadConfig({ DATA_DIR: dir }).razorpay).toBeUndefined();
  });

  it('refuses a choice that contradicts the keys', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENTS: 'razorpay' })).toThrow(/PAYMENTS=razorpay needs the RAZORPAY_\* keys/);
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENTS: 'test', ...razorpay })).toThrow(/PAYMENTS=test with RAZORPAY_\* keys set/);
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENTS: 'free money' })).toThrow(/PAYMENTS/);
  });
});

describe('WORKER_CONCURRENCY_BY_KIND', () => {
  it('reads kind=count pairs and refuses anything else', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).workerConcurrencyByKind).toEqual({});
    expect(loadConfig({ DATA_DIR: dir, WORKER_CONCURRENCY_BY_KIND: 'render-final=2,generate-video=0' }).workerConcurrencyByKind).toEqual({ 'render-final': 2, 'generate-video': 0 });
    expect(() => loadConfig({ DATA_DIR: dir, WORKER_CONCURRENCY_BY_KIND: 'render-final:2' })).toThrow(/WORKER_CONCURRENCY_BY_KIND is kind=count pairs/);
  });
});

describe('RENDER_SEGMENTS', () => {
  it('renders in one pass unless told to split long videos, and refuses a count below one', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).renderSegments).toEqual({ parts: 1, minSeconds: 40 });
    expect(loadConfig({ DATA_DIR: dir, RENDER_SEGMENTS: '3', RENDER_SEGMENT_MIN_SECONDS: '30' }).renderSegments).toEqual({ parts: 3, minSeconds: 30 });
    expect(() => loadConfig({ DATA_DIR: dir, RENDER_SEGMENTS: '0' })).toThrow(/RENDER_SEGMENTS/);
  });
});

describe('LIBRARY_COUNTS', () => {
  it('makes the full library unless told how many of a kind, and refuses an unknown kind', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).library.counts).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, LIBRARY_COUNTS: 'images=98,videos=3' }).library.counts).toEqual({ images: 98, videos: 3 });
    expect(() => loadConfig({ DATA_DIR: dir, LIBRARY_COUNTS: 'clips=3' })).toThrow(/LIBRARY_COUNTS reads like images=98,videos=3/);
  });
});
