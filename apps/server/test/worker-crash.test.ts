import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probe } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createRepositories, type Repositories } from '../src/db/repositories/index.ts';
import { user } from '../src/db/schema.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { createRenderJob } from '../src/jobs/render-job.ts';
import { createMediaPort } from '../src/providers/media/index.ts';
import { createLocalStorage } from '../src/providers/storage/local.ts';
import { postgresOnlyTarget } from './databases.ts';

const target = await postgresOnlyTarget();
if (!target) console.warn('[tests] PostgreSQL is not reachable: the worker-crash test needs it and is skipped.');
const serverRoot = resolve(import.meta.dirname, '..');

describe.skipIf(!target)('a worker killed in the middle of a render', () => {
  let database: DatabaseHandle & { url?: string };
  let repositories: Repositories;
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-crash-'));
  const workers: ChildProcess[] = [];
  const userId = 'crash-user';

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_SECRET: 'crash-test-secret-crash-test-secret-00' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    database = await target!.open();
    repositories = createRepositories(database.db);
    await database.db.insert(user).values({ id: userId, name: 'Crash', email: 'crash@example.com', emailVerified: true });
    const folder = join(dataDir, 'files/users', userId, 'uploads');
    mkdirSync(folder, { recursive: true });
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(folder, 'background.mp4')]);
  });

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await database?.close();
  });

  it('is finished by the next worker, once, with nothing lost', async () => {
    const storage = createLocalStorage(join(dataDir, 'files'));
    const render = createRenderJob({ storage, media: createMediaPort(), tmpDir: join(dataDir, 'tmp') });
    const boss = createBoss(database, () => undefined);
    const producer = createJobQueue({ boss, statuses: repositories.jobStatus, definitions: [render], log: { info: () => undefined, error: () => undefined } });
    const outputKey = `users/${userId}/renders/crash.mp4`;
    const job = await producer.enqueue(
      render,
      {
        profile: 'final',
        outputKey,
        composition: { background: { kind: 'clips', clips: [{ key: `users/${userId}/uploads/background.mp4`, duration: 20 }], fit: 'trim' } },
      },
      { userId },
    );

    const first = startWorker();
    for (;;) {
      const record = await repositories.jobStatus.find(job.id);
      if (record?.state === 'processing' && record.percent >= 5) break;
      expect(record?.state).not.toBe('done');
      await sleep(250);
    }
    first.kill('SIGKILL');
    const percentAtKill = (await repositories.jobStatus.find(job.id))!.percent;
    expect(percentAtKill).toBeLessThan(90);

    startWorker();
    let finished;
    for (;;) {
      finished = await repositories.jobStatus.find(job.id);
      if (finished?.state === 'done' || finished?.state === 'error') break;
      await sleep(500);
    }
    expect(finished).toMatchObject({ state: 'done', attempt: 2, percent: 100, result: { key: outputKey } });
    const info = await probe(await storage.localPath(outputKey));
    expect(info).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264' });
    expect(info.duration).toBeCloseTo(20, 0);
    expect(readdirSync(join(dataDir, 'files/users', userId, 'renders'))).toEqual(['crash.mp4']);
    // The second worker, on the same host, removed the partial output the killed one left in its scratch folder.
    expect(readdirSync(join(dataDir, 'tmp'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
    expect((await boss.getJobById(render.name, job.id))?.state).toBe('completed');
    await producer.stop();
  }, 240_000);
});
