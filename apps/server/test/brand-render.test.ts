import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brandsResponse, finalVideoLongPollMs, type FinalVideoStatus } from '@reelsmith/contracts';
import { probe } from '@reelsmith/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from './accounts.ts';
import { subscriber } from './billing-helpers.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const [pglite] = await testDatabaseTargets();
const renderTimeout = 300_000;

function pixelAt(video: string, seconds: number, x: number, y: number): [number, number, number] {
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `format=rgb24,crop=1:1:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  return [rgb[0]!, rgb[1]!, rgb[2]!];
}
const near = (actual: [number, number, number], hex: string, tolerance = 24) =>
  actual.every((channel, i) => Math.abs(channel - parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16)) <= tolerance);

/** What tesseract reads on the frame at `seconds`, lower case, one line. */
function readFrame(video: string, seconds: number, dir: string): string {
  const png = join(dir, `frame-${seconds}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(seconds), '-i', video, '-frames:v', '1', png]);
  return execFileSync('tesseract', [png, '-', '--psm', '6'], { encoding: 'utf8' }).toLowerCase().replace(/\s+/g, ' ');
}

describe('a final video drawn with its brand', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let dir: string;
  let cleanup: () => void;

  beforeAll(async () => {
    // One library background: the still the brand page's preview frame stands on.
    t = await startTestApp(pglite!, { library: { warmUp: false, stockDir: undefined, musicDir: undefined, counts: { images: 0, videos: 0, backgrounds: 1, tracks: 0, previews: 0 } } });
    await t.composed.queue.startWorkers(1);
    ({ dir, cleanup } = fixtureDir());
    const account = await signUpAndConfirm(t.app, 'brand-render@example.com');
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  });
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  async function settle(videoId: string): Promise<FinalVideoStatus> {
    for (;;) {
      const status = (await client.post('/api/check-final-video', { user_id: userId, video_id: videoId, wait_ms: finalVideoLongPollMs })).json() as FinalVideoStatus;
      if (status.status !== 'processing') return status;
      await sleep(250);
    }
  }

  it(
    "places the logo where the brand says and ends on the brand's end card; the final step can leave the card out",
    async () => {
      const brand = brandsResponse.parse((await client.get('/api/brands')).json()).brands[0]!;
      const edited = await client.request('PATCH', `/api/brands/${brand.id}`, {
        name: 'Bloom Cafe',
        colors: { primary: '#2e7d32', secondary: '#ffc107', text: '#ffffff' },
        cta_text: 'Book your table today',
        cta_contact: 'bloomcafe.example',
        logo: { position: 'bottom-left', size: 'large', opacity: 1 },
      });
      expect(edited.statusCode).toBe(200);
      const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff00ff' } }).png().toBuffer();
      const boundary = '----brandlogo';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
        logo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      expect((await client.request('POST', `/api/brands/${brand.id}/logo`, body, { 'content-type': `multipart/form-data; boundary=${boundary}` })).statusCode).toBe(200);

      const { id, document } = await seedProject(t, userId, dir, { text: 'Fresh bread every morning.' });
      const form = { user_id: userId, video_id: id, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Default' };
      const post = (extra: Record<string, string> = {}) =>
        client.request('POST', '/api/final-video', new URLSearchParams({ ...form, ...extra }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect((await post()).statusCode).toBe(200);
      const done = await settle(id);
      expect(done.status).toBe('done');
      const video = join(dir, 'branded.mp4');
      execFileSync('cp', [await t.composed.storage.localPath(done.final_video_url!.split('?')[0]!.replace('/files/', ''))!, video]);

      const info = await probe(video);
      expect(info.duration).toBeCloseTo(document.voiceover!.duration + 2.5, 0);
      // The large logo (280 px) in the bottom-left corner, 48 px in from the edges; the top-right corner is free.
      expect(near(pixelAt(video, 0.5, 48 + 140, 1920 - 48 - 140), '#ff00ff', 40)).toBe(true);
      expect(near(pixelAt(video, 0.5, 1080 - 48 - 100, 48 + 100), '#ff00ff', 40)).toBe(false);
      // The end card: the brand's colour behind its line and contact.
      const onCard = info.duration - 0.8;
      expect(near(pixelAt(video, onCard, 30, 30), '#2e7d32')).toBe(true);
      const read = readFrame(video, onCard, dir);
      expect(read).toContain('book your table');
      expect(read).toContain('bloomcafe.example');

      expect((await post({ end_card_enabled: 'No' })).statusCode).toBe(200);
      const without = await settle(id);
      expect(without.status).toBe('done');
      const plain = join(dir, 'plain.mp4');
      execFileSync('cp', [await t.composed.storage.localPath(without.final_video_url!.split('?')[0]!.replace('/files/', ''))!, plain]);
      expect((await probe(plain)).duration).toBeCloseTo(document.voiceover!.duration, 0);
    },
    renderTimeout,
  );

  it(
    "colours the spoken word of the captions with the brand's emphasis colour, each project with its own brand",
    async () => {
      const agency = await subscriber(t, 'brand-render.agency@example.com', 'growth');
      await agency.client.get('/api/brands');
      const pink = (await agency.client.post('/api/brands', { name: 'Pink Studio', caption_style: 'Hormozi', colors: { primary: '#222222', secondary: '#ff2bd6', text: '#ffffff' } })).json().brand;
      await agency.client.post(`/api/brands/${pink.id}/activate`);
      const { id } = await seedProject(t, agency.userId, dir, { text: 'Fresh bread every morning.' });
      const fields = { user_id: agency.userId, video_id: id, subtitle_position: 'middle', subtitle_font_size: 'large', words_per_chunk: '3' };
      const encoded = (values: Record<string, string>) => [new URLSearchParams(values).toString(), { 'content-type': 'application/x-www-form-urlencoded' }] as const;
      expect((await agency.client.request('POST', '/api/generate-subtitles', ...encoded(fields))).statusCode).toBe(200);
      const latest = (await agency.client.post('/api/get-latest-subtitles', { user_id: agency.userId, video_id: id })).json();
      expect(latest.subtitle_style).toBe('Hormozi');
      const start = await agency.client.request('POST', '/api/final-video', ...encoded({ ...fields, subtitle_enabled: 'Yes', subtitle_srt: '', subtitle_style: latest.subtitle_style }));
      expect(start.statusCode).toBe(200);
      let status: FinalVideoStatus;
      do status = (await agency.client.post('/api/check-final-video', { user_id: agency.userId, video_id: id, wait_ms: finalVideoLongPollMs })).json();
      while (status.status === 'processing');
      expect(status.status).toBe('done');
      const video = await t.composed.storage.localPath(status.final_video_url!.split('?')[0]!.replace('/files/', ''));
      const cue = (await t.composed.repositories.projects.findOwned(agency.userId, id))!.composition as { subtitles: { cues: Array<{ start: number; end: number }> } };
      const middle = (cue.subtitles.cues[0]!.start + cue.subtitles.cues[0]!.end) / 2;
      const frame = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(middle), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
      let pinkPixels = 0;
      let hormoziGreen = 0;
      for (let i = 0; i < frame.length; i += 3) {
        if (near([frame[i]!, frame[i + 1]!, frame[i + 2]!], '#ff2bd6', 40)) pinkPixels++;
        if (near([frame[i]!, frame[i + 1]!, frame[i + 2]!], '#32ff6a', 40)) hormoziGreen++;
      }
      expect(pinkPixels).toBeGreaterThan(300);
      expect(hormoziGreen).toBe(0);

      // The brand page's preview: a frame rendered the same way, the spoken word in the brand's pink.
      const preview = await agency.client.get(`/api/brands/${pink.id}/frame`);
      expect({ status: preview.statusCode, type: preview.headers['content-type'] }).toEqual({ status: 200, type: 'image/jpeg' });
      const { data, info } = await sharp(preview.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect({ width: info.width, height: info.height }).toEqual({ width: 540, height: 960 });
      let previewPink = 0;
      for (let i = 0; i < data.length; i += info.channels) if (near([data[i]!, data[i + 1]!, data[i + 2]!], '#ff2bd6', 50)) previewPink++;
      expect(previewPink).toBeGreaterThan(100);
    },
    renderTimeout,
  );
});
