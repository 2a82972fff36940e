import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addBrollsResponse, autoBrollTimes, brollTexts, uploadResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptKeywords } from '../src/modules/brolls/auto-broll.ts';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { makeFixtures, multipartFile } from './media-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const fixtures = makeFixtures();
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
ffmpeg('-f', 'lavfi', '-i', 'color=c=red:size=400x400', '-frames:v', '1', fixtures.path('red.png'));
ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:size=400x400', '-frames:v', '1', fixtures.path('blue.png'));

/** The RGB of the frame's centre pixel at `seconds`. */
function centrePixel(video: string, seconds: number): [number, number, number] {
  const out = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', 'crop=2:2:iw/2:ih/2,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return [out[0]!, out[1]!, out[2]!];
}

describe('B-roll step (add-brolls, skip-broll, save-broll-url)', () => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUpAndConfirm>>;
  let videoUrl: string;
  let videoId: string;

  beforeAll(async () => {
    t = await startTestApp(pglite!);
    await t.composed.queue.startWorkers(1);
    account = await signUpAndConfirm(t.app, 'brolls@example.com');
    await account.client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    const { payload, headers } = multipartFile('file', 'clip.mp4', readFileSync(fixtures.path('clip.mp4')), 'video/mp4');
    videoUrl = uploadResponse.parse((await account.client.request('POST', '/api/uploads/main-video', payload, headers)).json()).url;
    const entry = await account.client.post('/api/create-video-entry', { user_id: account.userId, video_type: 'add-brolls' });
    expect(entry.statusCode).toBe(200);
    videoId = entry.json().video_id;
  }, 60_000);
  afterAll(() => t.close());

  const addBrolls = (fields: Record<string, string>, files: FormFile[] = []) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, video_id: videoId, main_video_url: videoUrl, ...fields }, files);
    return account.client.request('POST', '/api/add-brolls', payload, headers);
  };
  const documentOf = async () => (await t.composed.repositories.projects.findOwned(account.userId, videoId))!.composition as ProjectDocument;
  const png = (name: string, n: number): FormFile => ({ field: `broll_file_${n}`, filename: `${name}.png`, content: readFileSync(fixtures.path(`${name}.png`)) });

  it('renders a preview with each image shown only inside its window', async () => {
    const response = await addBrolls({ broll_start_1: '0.2', broll_end_1: '1.2', broll_start_2: '1.6', broll_end_2: '2.2' }, [png('red', 1), png('blue', 2)]);
    expect(response.statusCode, response.body).toBe(200);
    const { video_url } = addBrollsResponse.parse(response.json());
    const file = await account.client.get(video_url);
    expect(file.statusCode).toBe(200);
    const video = join(t.config.dataDir, 'preview.mp4');
    writeFileSync(video, file.rawPayload);

    const [r1, g1, b1] = centrePixel(video, 0.7);
    expect(r1).toBeGreaterThan(200);
    expect(g1 + b1).toBeLessThan(80);
    const [r2, g2, b2] = centrePixel(video, 1.9);
    expect(b2).toBeGreaterThan(200);
    expect(r2 + g2).toBeLessThan(80);
    const outside = centrePixel(video, 2.7);
    expect(outside[0] > 200 && outside[1] + outside[2] < 80).toBe(false);
    expect(outside[2] > 200 && outside[0] + outside[1] < 80).toBe(false);

    const doc = await documentOf();
    expect(doc.overlays?.map((o) => [o.start, o.end])).toEqual([[0.2, 1.2], [1.6, 2.2]]);
    expect(doc.background).toMatchObject({ kind: 'clips', fit: 'trim', clips: [{ duration: expect.closeTo(3, 0) }] });
    const saved = await account.client.post('/api/save-broll-url', { user_id: account.userId, video_id: videoId, broll_url: video_url });
    expect(saved.json()).toEqual({ status: 'success' });
  }, 120_000);

  it('refuses a half-filled row, a sixth row, a window past the end and an empty form', async () => {
    expect((await addBrolls({ broll_start_1: '0.5' }, [png('red', 1)])).json()).toEqual({ error: brollTexts.incompleteRow(1) });
    expect((await addBrolls({ broll_start_1: '0.5', broll_end_1: '1' })).json()).toEqual({ error: brollTexts.incompleteRow(1) });
    const six: Record<string, string> = {};
    for (let n = 1; n <= 6; n += 1) Object.assign(six, { [`broll_start_${n}`]: '0', [`broll_end_${n}`]: '1' });
    const sixth = await addBrolls(six, [1, 2, 3, 4, 5, 6].map((n) => png('red', n)));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ error: brollTexts.tooManyRows });
    expect((await addBrolls({ broll_start_1: '1', broll_end_1: '9' }, [png('red', 1)])).json().error).toBe(brollTexts.outsideVideo(1, 3));
    expect((await addBrolls({ broll_start_1: '2', broll_end_1: '1' }, [png('red', 1)])).json().error).toBe(brollTexts.badTimes(1));
    expect((await addBrolls({})).json()).toEqual({ error: brollTexts.noRows });
  });

  it('refuses a main video or image URL that is not a signed link to the user’s own file', async () => {
    const other = await signUpAndConfirm(t.app, 'brolls.other@example.com');
    await other.client.post('/api/auth/sign-in/email', { email: other.email, password: other.password });
    const { payload, headers } = multipartFile('file', 'clip.mp4', readFileSync(fixtures.path('clip.mp4')), 'video/mp4');
    const foreign = uploadResponse.parse((await other.client.request('POST', '/api/uploads/main-video', payload, headers)).json()).url;
    const row = { broll_start_1: '0', broll_end_1: '1' };
    expect((await addBrolls({ ...row, main_video_url: foreign }, [png('red', 1)])).statusCode).toBe(400);
    expect((await addBrolls({ ...row, main_video_url: 'https://example.com/clip.mp4' }, [png('red', 1)])).statusCode).toBe(400);
    expect((await addBrolls({ ...row, broll_url_1: foreign })).json()).toEqual({ error: brollTexts.notYourImage(1) });
  });

  it('skips: keeps the background, drops the overlays', async () => {
    const response = await account.client.post('/api/skip-broll', { user_id: account.userId, video_id: videoId });
    expect(response.json()).toEqual({ status: 'success' });
    const doc = await documentOf();
    expect(doc.overlays).toEqual([]);
    expect(doc.background?.kind).toBe('clips');
    expect((await account.client.post('/api/skip-broll', { user_id: 'someone-else' })).statusCode).toBe(403);
  });
});

describe('auto B-roll (beta) timing and keywords', () => {
  it('starts at 10/30/50/70/90 % with 3-5 s windows inside the video', () => {
    expect(autoBrollTimes(50)).toEqual([
      { start: 5, end: 10 },
      { start: 15, end: 20 },
      { start: 25, end: 30 },
      { start: 35, end: 40 },
      { start: 45, end: 50 },
    ]);
    expect(autoBrollTimes(30).map((w) => w.start)).toEqual([3, 9, 15, 21, 27]);
    expect(autoBrollTimes(30).every((w) => w.end - w.start === 3)).toBe(true);
    expect(autoBrollTimes(59).every((w) => w.end - w.start === 5 && w.end <= 59)).toBe(true);
    // 90 % of 20 s leaves 2 s, so the last window starts early enough to last 3 s.
    expect(autoBrollTimes(20).at(-1)).toEqual({ start: 17, end: 20 });
  });

  it('falls back to 2, 6, 10, 14 and 18 s when the duration is unknown', () => {
    expect(autoBrollTimes(null)).toEqual([2, 6, 10, 14, 18].map((start) => ({ start, end: start + 3 })));
  });

  it('finds topic words in a script, most frequent first, without function words', () => {
    const script = 'Fresh coffee every morning. Our coffee beans are roasted daily, and our bakery bakes fresh croissants.';
    expect(scriptKeywords(script, 3)).toEqual(['fresh', 'coffee', 'morning']);
    expect(scriptKeywords('and the of to a')).toEqual([]);
  });
});
