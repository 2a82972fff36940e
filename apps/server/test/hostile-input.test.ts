import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brollFieldNames, brollTexts, genericMessages, maxImageUploadBytes, uploadResponse, voiceoverMessages } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeApp } from '../src/compose.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { signUpAndConfirm } from './accounts.ts';
import { testConfig, type TestApp, type TestClient } from './app.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { testDatabaseTargets, type TestDatabaseTarget } from './databases.ts';
import { makeFixtures } from './media-fixtures.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();
const fixtures = makeFixtures();
const png = readFileSync(fixtures.path('logo.png'));
const clip = readFileSync(fixtures.path('clip.mp4'));
const mp3 = readFileSync(fixtures.path('tone.mp3'));
const nulName = 'evil\0name.png';

/** startTestApp, keeping the database handle so the test can read every row. */
async function start(target: TestDatabaseTarget): Promise<TestApp & { database: DatabaseHandle }> {
  const database = await target.open();
  const config = testConfig();
  const composed = await composeApp(config, database, { info: () => undefined, error: () => undefined });
  await composed.app.ready();
  const close = async () => {
    await composed.app.close();
    await composed.queue.stop();
    await database.close();
  };
  return { app: composed.app, config, composed, database, close };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe.each(targets)('hostile input on $name', (target) => {
  let t: Awaited<ReturnType<typeof start>>;
  let client: TestClient;
  let userId: string;
  let email: string;
  let videoId: string;
  let mainVideoUrl: string;
  const { dir, cleanup } = fixtureDir();

  beforeAll(async () => {
    t = await start(target);
    await t.composed.queue.startWorkers(1);
    const account = await signUpAndConfirm(t.app, 'hostile@example.com');
    ({ client, userId, email } = account);
    await client.post('/api/auth/sign-in/email', { email, password: account.password });
    videoId = (await seedProject(t, userId, dir)).id;
    const { payload, headers } = multipartForm({}, [{ field: 'file', filename: 'main.mp4', content: clip }]);
    mainVideoUrl = uploadResponse.parse((await client.request('POST', '/api/uploads/main-video', payload, headers)).json()).url;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  /** Every row of every table, as text: what "the database did not change" compares (a row merely touched is unchanged). */
  async function rows(except: string[] = []): Promise<string[]> {
    const tables = await t.database.executeSql("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
    const all: string[] = [];
    for (const { table_name } of tables.rows as { table_name: string }[]) {
      if (except.includes(table_name)) continue;
      const result = await t.database.executeSql(`select row_to_json(r)::text as row from "${table_name}" r`);
      all.push(...(result.rows as { row: string }[]).map((r) => `${table_name} ${r.row.replace(/"updated_at":"[^"]*"/, '')}`));
    }
    return all.sort();
  }

  /** Stored files whose key no row mentions: nothing would ever list, count or remove them. */
  async function unreferencedFiles(): Promise<string[]> {
    const text = (await rows()).join('\n');
    return filesUnder(join(t.config.dataDir, 'files')).filter((key) => !text.includes(key));
  }

  const send = (url: string, fields: Record<string, string>, files: FormFile[]) => {
    const { payload, headers } = multipartForm(fields, files);
    return client.request('POST', url, payload, headers);
  };
  const finalFields = () => ({ user_id: userId, video_id: videoId, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Hormozi' });
  const broll = brollFieldNames(1);

  /** Every place a file enters the product, each with one file whose name the test chooses. */
  const uploadPaths: Record<string, (filename: string) => ReturnType<typeof send>> = {
    'uploads (showcase image)': (filename) => send('/api/uploads/showcase-image', {}, [{ field: 'file', filename, content: png }]),
    'own video (upload-and-save)': (filename) => send('/api/upload-and-save', { user_id: userId, id: 'own-1', video_id: videoId }, [{ field: 'video', filename, content: clip }]),
    'B-roll image (add-brolls)': (filename) =>
      send('/api/add-brolls', { user_id: userId, video_id: videoId, main_video_url: mainVideoUrl, [broll.start]: '0', [broll.end]: '1' }, [{ field: broll.file, filename, content: png }]),
    'music (upload-music)': (filename) => send('/api/upload-music', { user_id: userId, type: 'bg_music' }, [{ field: 'file', filename: filename.replace('.png', '.mp3'), content: mp3 }]),
    'CTA image (final-video)': (filename) => send('/api/final-video', finalFields(), [{ field: 'cta_image', filename, content: png }]),
    'logo (upload-logo)': (filename) => send('/api/upload-logo', { email }, [{ field: 'logo', filename, content: png }]),
    'storyboard scene video (generate-storyboard)': (filename) =>
      send(
        '/api/generate-storyboard',
        { user_id: userId, video_id: videoId },
        [1, 2, 3, 4, 5, 6].map((n) => ({ field: `video${n}`, filename: n === 1 ? filename.replace('.png', '.mp4') : `scene${n}.mp4`, content: clip })),
      ),
    'images to video (convert-images-to-video)': (filename) =>
      send('/api/convert-images-to-video', { user_id: userId, video_id: videoId, zoom: 'no', effect: 'fade' }, [
        { field: 'image1', filename, content: png },
        { field: 'image2', filename, content: png },
      ]),
  };

  describe.each(Object.entries(uploadPaths))('%s', (_, upload) => {
    it('refuses a NUL in the file name with 400 before anything is stored', async () => {
      const before = await rows();
      const response = await upload(nulName);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error: genericMessages.nulCharacter } });
      expect(await rows()).toEqual(before);
      expect(await unreferencedFiles()).toEqual([]);
    });

    it('leaves no file behind when its record cannot be saved', async () => {
      const before = await rows();
      const failure = vi.spyOn(t.composed.repositories.uploads, 'add').mockRejectedValueOnce(new Error('the database went away'));
      try {
        const response = await upload('fine.png');
        expect(failure).toHaveBeenCalledTimes(1);
        expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 500, body: { error: genericMessages.internal } });
      } finally {
        failure.mockRestore();
      }
      expect(await rows()).toEqual(before);
      expect(await unreferencedFiles()).toEqual([]);
    });
  });

  it('refuses a NUL in a JSON, form-encoded or multipart field, a query or a path with 400', async () => {
    const before = await rows();
    const responses = [
      await client.post('/api/update-scene', { user_id: userId, video_id: videoId, scene_index: 1, scene_text: 'Fresh\0bread' }),
      await client.post('/api/update-scene', `user_id=${userId}&video_id=${videoId}&scene_index=1&scene_text=a%00b`, { 'content-type': 'application/x-www-form-urlencoded' }),
      await send('/api/combine-video-audio', { user_id: userId, video_id: `${videoId}\0` }, []),
      await client.get(`/api/subscription?email=${encodeURIComponent(email)}%00`),
      await client.post('/api/uploads/logo%00', {}),
    ];
    expect(responses.map((r) => ({ status: r.statusCode, body: r.json() }))).toEqual(responses.map(() => ({ status: 400, body: { error: genericMessages.nulCharacter } })));
    expect(await rows()).toEqual(before);
  });

  const refusal = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() });

  it('refuses an emoji-only script with 400 and says to write it in words, since trying again cannot help', async () => {
    const before = await rows();
    const response = await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script: '🎉🔥🚀 👍', voice: 'ash', instructions: '' });
    expect(refusal(response)).toEqual({ status: 400, body: { error: voiceoverMessages.noWords } });
    expect(await rows()).toEqual(before);
  });

  it('says which B-roll time is wrong: a negative start, a start or end past the video, an end before the start', async () => {
    const row = (start: string, end: string) =>
      send('/api/add-brolls', { user_id: userId, video_id: videoId, main_video_url: mainVideoUrl, [broll.start]: start, [broll.end]: end }, [{ field: broll.file, filename: 'b.png', content: png }]);
    const before = await rows();
    expect(refusal(await row('-5', '2'))).toEqual({ status: 400, body: { error: 'Row 1: the start must be 0 seconds or more.' } });
    expect(refusal(await row('1', '1e9'))).toEqual({ status: 400, body: { error: 'Row 1 must end within the video (3.0 s).' } });
    expect(refusal(await row('-5', '1e9'))).toEqual({ status: 400, body: { error: brollTexts.negativeStart(1) } });
    expect(refusal(await row('4', '5'))).toEqual({ status: 400, body: { error: 'Row 1 must start before the video ends (3.0 s).' } });
    expect(refusal(await row('2', '1'))).toEqual({ status: 400, body: { error: brollTexts.badTimes(1) } });
    expect(await rows()).toEqual(before);
  });

  it('leaves no voiceover file behind when the project cannot record it', async () => {
    // The speech ran as a job, and its status row is the one row the request adds.
    const before = await rows(['job_status']);
    const failure = vi.spyOn(t.composed.repositories.projects, 'mergeDocument').mockRejectedValueOnce(new Error('the database went away'));
    try {
      const response = await client.post('/api/save-audio', { user_id: userId, video_id: videoId, script: 'Fresh bread daily.', voice: 'ash', instructions: '' });
      expect(failure).toHaveBeenCalledTimes(1);
      expect(refusal(response)).toEqual({ status: 500, body: { error: genericMessages.internal } });
    } finally {
      failure.mockRestore();
    }
    expect(await rows(['job_status'])).toEqual(before);
    expect(await unreferencedFiles()).toEqual([]);
  });

  it('names the real size of a showcase image over the upload limit', async () => {
    const response = await send('/api/uploads/showcase-image', {}, [{ field: 'file', filename: 'big.png', content: Buffer.alloc(maxImageUploadBytes + 10 * 1024, 7) }]);
    expect(refusal(response)).toEqual({ status: 413, body: { error: 'File too large (25.01 MB). Max 25 MB allowed.' } });
  });
});
