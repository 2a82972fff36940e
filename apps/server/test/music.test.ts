import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { musicListResponse, noBackgroundMusicTitle } from '@reelsmith/contracts';
import { probe, verifyDecodes } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, TestClient, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';

const [pglite] = await testDatabaseTargets();

function operatorMusic(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rs-operator-music-'));
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-c:a', 'libmp3lame', join(dir, 'acoustic_morning-01.mp3')]);
  writeFileSync(join(dir, 'acoustic_morning-01.json'), JSON.stringify({ title: 'Acoustic Morning', mood: 'warm' }));
  writeFileSync(join(dir, 'notes.txt'), 'not music');
  return dir;
}

describe('POST /api/music', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await startTestApp(pglite!, {
      library: { warmUp: false, stockDir: undefined, musicDir: operatorMusic(), counts: { images: 0, videos: 0, backgrounds: 0, tracks: 1, previews: 0 } },
    });
    ({ client } = await signUpAndConfirm(t.app, 'music@example.com'));
    await client.post('/api/auth/sign-in/email', { email: 'music@example.com', password: 'correct-horse-1' });
    await t.composed.queue.startWorkers(1);
    await t.composed.media.library.start();
  }, 120_000);
  afterAll(() => t.close());

  async function download(url: string, name: string): Promise<string> {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    const path = join(t.config.dataDir, name);
    writeFileSync(path, response.rawPayload);
    return path;
  }

  it('needs a session', async () => {
    expect((await new TestClient(t.app).post('/api/music')).statusCode).toBe(401);
  });

  it('lists the silent track first, then the library and the operator’s tracks', async () => {
    const tracks = musicListResponse.parse((await client.post('/api/music')).json());
    expect(tracks.map((track) => [track.title, track.silent])).toEqual([
      [noBackgroundMusicTitle, true],
      ['Acoustic Morning', false],
      ['Sunny Side', false],
    ]);
    expect(tracks[1]!.mood).toBe('warm');
  });

  it('serves playable generated tracks of at least 60 s', async () => {
    const tracks = musicListResponse.parse((await client.post('/api/music')).json());
    for (const track of tracks.filter((tr) => tr.title !== 'Acoustic Morning')) {
      const path = await download(track.url, `${track.id}.mp3`);
      const info = await probe(path);
      expect(info).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: 'mp3' });
      expect(info.duration).toBeGreaterThanOrEqual(60);
      await verifyDecodes(path, info.duration);
    }
  });
});
