import { autoBrollTimes, brollTexts, dashboardTexts, type StockSearchQuery } from '@reelsmith/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { createAutoBroll, spokenKeywords, type AutoBrollDependencies } from './auto-broll.ts';
import { createFileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectDocument, TimedWord } from '../../core/project/project-document.ts';
import type { StockPicker } from './auto-broll.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

const video = 'users/u1/uploads/talk.mp4';
const signer = createFileUrlSigner({ secret: 'test-secret', ttlSeconds: 600 });
/** A 20 s talk: bakery words early, coffee in the middle, a sale at the end. */
const said: TimedWord[] = [
  ['our', 1], ['bakery', 1.5], ['bakes', 2.2], ['bread', 2.8],
  ['morning', 6.5], ['coffee', 9.5], ['coffee', 10.2], ['beans', 11],
  ['cakes', 14], ['weekend', 17.4], ['sale', 18],
].map(([text, start]) => ({ text: text as string, start: start as number, end: (start as number) + 0.4 }));

describe('keywords from the words said near each window', () => {
  it('picks per window what is talked about there, each word once while others remain', () => {
    const windows = autoBrollTimes(20);
    expect(windows.map((w) => w.start)).toEqual([2, 6, 10, 14, 17]);
    const candidates = spokenKeywords(said, windows);
    expect(candidates.map((list) => list[0])).toEqual(['bakes', 'morning', 'coffee', 'cakes', 'weekend']);
    // Then the other words said near it, then the rest of the talk.
    expect(candidates[0]!.slice(0, 4)).toEqual(['bakes', 'bread', 'bakery', 'morning']);
    expect(new Set(candidates[0])).toEqual(new Set(['bakes', 'bread', 'bakery', 'morning', 'coffee', 'beans', 'cakes', 'weekend', 'sale']));
  });

  it('falls back on the whole talk for a window in a pause, and has nothing for a video that says nothing', () => {
    const early = said.slice(0, 4);
    expect(spokenKeywords(early, autoBrollTimes(40))).toEqual([['bakes', 'bread', 'bakery'], ...Array(4).fill(['bakery', 'bakes', 'bread'])]);
    expect(spokenKeywords([], autoBrollTimes(20))).toEqual(Array(5).fill([]));
  });
});

function fakes(doc: ProjectDocument, options: { script?: string; words?: TimedWord[]; hasAudio?: boolean; unmatched?: string[] } = {}) {
  const project = { id: 'p1', userId: 'u1', script: options.script ?? null, sourceVideoKey: video } as unknown as ProjectRecord;
  const save = vi.fn(async () => project);
  const workflow = { resolve: async () => project, document: () => doc, save } as unknown as WorkflowProjects;
  const searched: string[] = [];
  let id = 0;
  const stock = {
    search: async (query: StockSearchQuery) => {
      searched.push(query.q);
      if (options.unmatched?.includes(query.q)) return { photos: [], total_results: 0 };
      const photo = () => ({ id: ++id, width: 9, height: 16, alt: query.q, src: { original: 'o', large2x: 'l2', large: 'l', portrait: `https://stock/${query.q}/${id}.jpg` } });
      return { photos: [photo(), photo()], total_results: 2 };
    },
    add: async (_user: string, body: { url: string }) => ({ id: `up-${body.url}`, url: body.url }),
  } as unknown as StockPicker;
  const sound = { key: video, duration: 20, hasAudio: options.hasAudio ?? true };
  const heard = vi.fn(async (_userId: string, _doc: ProjectDocument) => ({ ...sound, words: options.words ?? said }));
  const ownSound: AutoBrollDependencies['ownSound'] = { measured: async () => sound, heard };
  const storage = {
    localPath: async (key: string) => `/data/${key}`,
    stat: async (key: string) => ({ contentType: key.endsWith('.mp4') ? 'video/mp4' : 'image/png' }),
  } as unknown as ObjectStorage;
  const service = createAutoBroll({ workflow, stock, storage, signer, probeDuration: async () => 20, ownSound });
  return { service, save, searched, heard };
}

const ownVideo: ProjectDocument = { background: { kind: 'clips', fit: 'trim', clips: [{ key: video, duration: 20 }] } };

describe('auto B-roll without a script', () => {
  it('times the pictures by the SPEC windows and searches for what is said near each, keeping the words heard', async () => {
    const { service, save, searched } = fakes(ownVideo);
    const { rows } = await service.suggest('u1', 'p1');
    expect(searched).toEqual(['bakes', 'morning', 'coffee', 'cakes', 'weekend']);
    expect(rows.map(({ start, end }) => ({ start, end }))).toEqual(autoBrollTimes(20));
    expect(rows[2]!.image_url).toMatch(/^https:\/\/stock\/coffee\//);
    expect(save).toHaveBeenCalledWith(expect.anything(), { ownSound: { key: video, duration: 20, hasAudio: true, words: said } });
  });

  it('listens to the video the page shows before it is the project’s, which must be the user’s own video', async () => {
    const { service, heard, searched } = fakes({});
    expect((await service.suggest('u1', 'p1', signer.sign(video))).rows).toHaveLength(5);
    expect(heard.mock.calls[0]![1].background).toEqual({ kind: 'clips', fit: 'trim', clips: [{ key: video, duration: 20 }] });
    expect(searched).toHaveLength(5);
    const refused = fakes({});
    for (const url of [signer.sign('users/u2/uploads/theirs.mp4'), signer.sign('users/u1/uploads/logo.png'), `/files/${video}`]) {
      await expect(refused.service.suggest('u1', 'p1', url)).rejects.toMatchObject({ statusCode: 400, message: dashboardTexts.invalidVideoUrl });
    }
    expect(refused.heard).not.toHaveBeenCalled();
    await expect(fakes({}).service.suggest('u1', 'p1')).rejects.toMatchObject({ statusCode: 400, message: brollTexts.needsScript });
  });

  it('moves on to the next word said when one finds no picture, showing a word not yet shown first', async () => {
    const { service, searched } = fakes(ownVideo, { unmatched: ['morning', 'coffee'] });
    const { rows } = await service.suggest('u1');
    expect(searched).toEqual(['bakes', 'morning', 'coffee', 'bakery', 'beans', 'cakes', 'weekend']);
    expect(rows.map((row) => row.image_url.split('/')[3])).toEqual(['bakes', 'bakery', 'beans', 'cakes', 'weekend']);
  });

  it('listens no more once the words are kept', async () => {
    const { service, save, heard } = fakes({ ...ownVideo, ownSound: { key: video, duration: 20, hasAudio: true, words: said } });
    expect((await service.suggest('u1')).rows).toHaveLength(5);
    expect(save).not.toHaveBeenCalled();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('says no speech was heard for a silent video or one without sound, keeping what was heard', async () => {
    const quiet = fakes(ownVideo, { words: [] });
    await expect(quiet.service.suggest('u1')).rejects.toMatchObject({ statusCode: 400, message: brollTexts.noSpeechHeard });
    expect(quiet.save).toHaveBeenCalledWith(expect.anything(), { ownSound: expect.objectContaining({ words: [] }) });
    expect(quiet.searched).toEqual([]);
    const mute = fakes(ownVideo, { hasAudio: false });
    await expect(mute.service.suggest('u1')).rejects.toMatchObject({ statusCode: 400, message: brollTexts.noSpeechHeard });
    expect(mute.heard).not.toHaveBeenCalled();
  });

  it('still uses the script when there is one, and asks for one when there is neither script nor own video', async () => {
    const scripted = fakes(ownVideo, { script: 'Pizza pizza pizza, fresh pasta.' });
    await scripted.service.suggest('u1');
    expect(scripted.searched).toEqual(['pizza', 'fresh', 'pasta']);
    expect(scripted.heard).not.toHaveBeenCalled();
    const library: ProjectDocument = { background: { kind: 'clips', fit: 'loop', hasSpeech: false, clips: [{ key: 'library/bg.mp4', duration: 30 }] } };
    await expect(fakes(library).service.suggest('u1')).rejects.toMatchObject({ statusCode: 400, message: brollTexts.needsScript });
  });
});
