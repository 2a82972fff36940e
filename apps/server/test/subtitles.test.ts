import { cueText, cueWords, formatSrt, parseSrt, subtitleStyleNames, subtitleTexts, workflowMessages, type SrtCue } from '@reelsmith/contracts';
import { chunkWords, subtitlePreview } from '@reelsmith/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toStoredComposition, type ProjectDocument } from '../src/core/project/project-document.ts';
import { signUpAndConfirm } from './accounts.ts';
import { startTestApp, type TestApp, type TestClient } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { fixtureDir, seedProject } from './subtitles-fixtures.ts';

const targets = await testDatabaseTargets();

function postForm(client: TestClient, url: string, fields: Record<string, string>) {
  return client.request('POST', url, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

const ms = (seconds: number) => Math.round(seconds * 1000);

describe.each(targets)('subtitles on $name', (target) => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  let dir: string;
  let cleanup: () => void;
  const settings = (n: number) => ({ subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: String(n) });
  const documentOf = async (id: string) => (await t.composed.repositories.projects.findOwned(userId, id))!.composition as ProjectDocument;

  beforeAll(async () => {
    t = await startTestApp(target);
    await t.composed.queue.startWorkers(1);
    ({ dir, cleanup } = fixtureDir());
    const account = await signUpAndConfirm(t.app, `subtitles-${target.name}@example.com`);
    ({ client, userId } = account);
    await client.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  });
  afterAll(async () => {
    await t.close();
    cleanup();
  });

  it('previews each of the nine styles for a signed-in user only', async () => {
    for (const style of subtitleStyleNames) {
      const response = await client.post('/api/subtitle-preview-style', { style, font_size: 'large', position: 'middle' });
      expect(response.statusCode, style).toBe(200);
      expect(response.json()).toMatchObject(subtitlePreview(style, 'large', 'middle'));
    }
    expect((await client.post('/api/subtitle-preview-style', { style: 'Mr Beast', font_size: 'small', position: 'bottom' })).json()).toMatchObject({
      highlight_colour: '&H0000E5FF',
      pop_scale: 118,
      uppercase: true,
      box: false,
    });
    expect((await client.post('/api/subtitle-preview-style', { style: 'Comic', font_size: 'small', position: 'bottom' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/subtitle-preview-style', payload: { style: 'Lato', font_size: 'small', position: 'bottom' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes captions from the voiceover words, each starting when its first word is spoken', async () => {
    const { id, document } = await seedProject(t, userId, dir);
    const response = await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(4) });
    expect(response.statusCode).toBe(200);
    const cues = parseSrt(response.json().subtitle_srt)!;
    const words = document.voiceover!.words;
    const expected = chunkWords(words, 4);
    expect(cues).toHaveLength(expected.length);
    expect(cues.map((c) => c.text.split(' ').length).every((n) => n <= 4)).toBe(true);
    expect(cues.map((c) => ms(c.start))).toEqual(expected.map((c) => ms(c.words[0]!.start)));
    expect(cues.map((c) => c.text).join(' ')).toBe(words.map((w) => w.text).join(' '));
    const saved = (await documentOf(id)).subtitles!;
    expect(saved).toMatchObject({ enabled: true, wordsPerChunk: 4, position: 'bottom', fontSize: 'medium', voiceoverKey: document.voiceover!.key });
    expect(saved.cues.flatMap((c) => c.words)).toEqual(words);

    const latest = await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id });
    expect(latest.json()).toMatchObject({ video_id: id, has_audio: true, words_per_chunk: 4, subtitle_srt: response.json().subtitle_srt });
  });

  it('points the preview at the picture the captions will sit on: the latest preview render, else the background clip', async () => {
    const { id, document } = await seedProject(t, userId, dir);
    const clipKey = document.background!.kind === 'clips' ? document.background!.clips[0]!.key : '';
    const pictureOf = async () => (await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json().preview_video_url as string;
    const clipUrl = await pictureOf();
    expect(new URL(clipUrl, 'http://x').pathname).toBe(`/files/${clipKey}`);
    const served = await client.request('GET', clipUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');

    const renderKey = `users/${userId}/renders/${id}-preview.mp4`;
    await t.composed.repositories.projects.update(userId, id, { previewVideoKey: renderKey });
    expect(new URL(await pictureOf(), 'http://x').pathname).toBe(`/files/${renderKey}`);
  });

  it('starts subtitles clear of text the picture already shows, and keeps the position the user picks', async () => {
    const { id, document } = await seedProject(t, userId, dir);
    const latest = async () => (await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json();
    expect(await latest()).toMatchObject({ subtitle_position: 'bottom', picture_text_at: null });
    // A showcase's background carries its captions at the bottom.
    const background = { ...(document.background as Extract<ProjectDocument['background'], { kind: 'clips' }>), textAt: 'bottom' as const };
    await t.composed.repositories.projects.mergeDocument(userId, id, { background });
    expect(await latest()).toMatchObject({ subtitle_position: 'middle', picture_text_at: 'bottom' });
    const generated = await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) });
    expect(generated.statusCode, generated.body).toBe(200);
    // Told of the overlap, the user may still choose Bottom: the choice is kept.
    expect(await latest()).toMatchObject({ subtitle_position: 'bottom', picture_text_at: 'bottom' });
  });

  it('answers the no-audio text for a project without a voiceover', async () => {
    const { id } = await seedProject(t, userId, dir, { voice: false });
    const response = await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: workflowMessages.noAudio, error: workflowMessages.noAudio });
    expect(response.json().detail).toContain('audio');
    expect((await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json()).toMatchObject({ has_audio: false, subtitle_srt: null });
  });

  it('locks words per screen once subtitles exist', async () => {
    const { id } = await seedProject(t, userId, dir);
    expect((await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) })).statusCode).toBe(200);
    const again = await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(5) });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(subtitleTexts.wordsPerChunkLocked(3));
    const srt = (await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json().subtitle_srt as string;
    const update = await client.post('/api/update-subtitles', { user_id: userId, video_id: id, subtitles: srt, ...settings(5) });
    expect(update.statusCode).toBe(409);
    expect((await client.post('/api/update-subtitles', { user_id: userId, video_id: id, subtitles: srt, ...settings(3) })).statusCode).toBe(200);
    expect((await documentOf(id)).subtitles!.wordsPerChunk).toBe(3);
  });

  it('keeps each caption’s timing when its text is edited, so the highlight still follows the voice', async () => {
    const { id } = await seedProject(t, userId, dir);
    const generated = (await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) })).json();
    const before = (await documentOf(id)).subtitles!.cues;
    const cues = parseSrt(generated.subtitle_srt)!;
    const edited: SrtCue[] = cues.map((cue, i) =>
      i === 0 ? { ...cue, text: 'Warm bread every' } : i === 1 ? { ...cue, text: 'single morning at Rosa’s' } : cue,
    );
    const response = await client.post('/api/update-subtitles', { user_id: userId, video_id: id, subtitles: formatSrt(edited), ...settings(3) });
    expect(response.statusCode).toBe(200);
    const after = (await documentOf(id)).subtitles!.cues;

    expect(after.map((c) => [c.start, c.end])).toEqual(before.map((c) => [c.start, c.end]));
    // Same number of words: each keeps the voice's own timing.
    expect(after[0]!.words.map((w) => w.text)).toEqual(['Warm', 'bread', 'every']);
    expect(after[0]!.words.map((w) => [w.start, w.end])).toEqual(before[0]!.words.map((w) => [w.start, w.end]));
    // A word more: the words share the caption's span in order, longer words longer.
    const spread = after[1]!.words;
    expect(spread.map((w) => w.text)).toEqual(['single', 'morning', 'at', 'Rosa’s']);
    expect(spread[0]!.start).toBe(after[1]!.start);
    expect(spread.at(-1)!.end).toBe(after[1]!.end);
    for (let i = 1; i < spread.length; i++) expect(spread[i]!.start).toBeCloseTo(spread[i - 1]!.end, 3);
    expect(spread[1]!.end - spread[1]!.start).toBeGreaterThan(spread[2]!.end - spread[2]!.start);
    expect(after.slice(2)).toEqual(before.slice(2));
  });

  it('keeps a word’s emphasis colour with its caption, with the voice’s timing, and sends it to the render', async () => {
    const { id } = await seedProject(t, userId, dir);
    const generated = (await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) })).json();
    const before = (await documentOf(id)).subtitles!.cues;
    const cues = parseSrt(generated.subtitle_srt)!;
    const [first, ...rest] = cueWords(cues[0]!.text);
    const emphasised = cueText([first!, ...rest.map((w, i) => (i === 0 ? { ...w, colour: '#FFE500' } : w))]);
    const edited = cues.map((cue, i) => (i === 0 ? { ...cue, text: emphasised } : cue));
    const response = await client.post('/api/update-subtitles', { user_id: userId, video_id: id, subtitles: formatSrt(edited), ...settings(3) });
    expect(response.statusCode).toBe(200);

    const after = (await documentOf(id)).subtitles!.cues;
    expect(after[0]!.words.map((w) => w.colour)).toEqual([undefined, '#FFE500', undefined]);
    expect(after[0]!.words.map(({ start, end }) => [start, end])).toEqual(before[0]!.words.map(({ start, end }) => [start, end]));
    expect(parseSrt((await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json().subtitle_srt)![0]!.text).toBe(emphasised);
    expect(toStoredComposition(await documentOf(id)).subtitles!.cues[0]!.words[1]).toMatchObject({ colour: '#FFE500' });
  });

  it('treats captions of an earlier voiceover as stale: editing them is refused, generating again is free', async () => {
    const { id, document } = await seedProject(t, userId, dir);
    const srt = (await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) })).json().subtitle_srt;
    const retaken = { ...document.voiceover!, key: `${document.voiceover!.key}.retake.wav` };
    await t.composed.repositories.projects.mergeDocument(userId, id, { voiceover: retaken });

    const edit = await client.post('/api/update-subtitles', { user_id: userId, video_id: id, subtitles: srt, ...settings(3) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(subtitleTexts.staleSubtitles);
    expect((await client.post('/api/get-latest-subtitles', { user_id: userId, video_id: id })).json().subtitle_srt).toBeNull();
    const fresh = await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(5) });
    expect(fresh.statusCode).toBe(200);
    expect((await documentOf(id)).subtitles).toMatchObject({ wordsPerChunk: 5, voiceoverKey: retaken.key });
  });

  it('refuses unreadable or impossible subtitle text and leaves the saved captions alone', async () => {
    const { id } = await seedProject(t, userId, dir);
    await postForm(client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) });
    const before = (await documentOf(id)).subtitles;
    const malformed = await client.post('/api/update-subtitles', { user_id: userId, video_id: id, subtitles: 'hello there', ...settings(3) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe(subtitleTexts.invalidSrt);
    const late = await client.post('/api/update-subtitles', {
      user_id: userId,
      video_id: id,
      subtitles: '1\n00:00:01,000 --> 00:09:00,000\nToo long\n',
      ...settings(3),
    });
    expect(late.json().detail).toBe(subtitleTexts.cueOutsideVoiceover);
    expect((await documentOf(id)).subtitles).toEqual(before);
  });

  it('acts only for the signed-in user and on their own projects', async () => {
    const { id } = await seedProject(t, userId, dir, { background: false });
    const other = await signUpAndConfirm(t.app, `subtitles-other-${target.name}@example.com`);
    await other.client.post('/api/auth/sign-in/email', { email: other.email, password: other.password });
    expect((await postForm(other.client, '/api/generate-subtitles', { user_id: userId, video_id: id, ...settings(3) })).statusCode).toBe(403);
    const foreign = await postForm(other.client, '/api/generate-subtitles', { user_id: other.userId, video_id: id, ...settings(3) });
    expect(foreign.statusCode).toBe(404);
  });
});
