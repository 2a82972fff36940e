import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
  });
});
