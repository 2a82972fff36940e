import { workflowMessages } from '@reelsmith/contracts';
import { compositionSchema } from '@reelsmith/media';
import { describe, expect, it, vi } from 'vitest';
import type { ObjectStorage } from '../providers/storage/types.ts';
import type { Transcriber } from '../providers/transcriber/index.ts';
import { createOwnSound } from './own-sound.ts';
import { currentOwnSound, spokenTrack, toStoredComposition, type ProjectDocument } from './project-document.ts';

const video = 'users/u/uploads/talk.mp4';
const words = [
  { text: 'hello', start: 0.3, end: 0.7 },
  { text: 'there', start: 0.8, end: 1.2 },
];
const ownVideo: ProjectDocument = {
  background: { kind: 'clips', fit: 'trim', clips: [{ key: video, duration: 75 }] },
  overlays: [{ imageKey: 'users/u/uploads/b.png', start: 2, end: 5 }],
  music: { key: 'library/music/calm.m4a', title: 'Calm' },
};
const heard = { key: video, duration: 59, hasAudio: true, words };

describe('the own sound of a user’s video in the project document', () => {
  it('is the final video’s voice track, cut at 59 s, with the music ducking under it', () => {
    const stored = toStoredComposition({ ...ownVideo, ownSound: heard });
    expect(stored).toMatchObject({ duration: 59, voiceover: { path: video, duration: 59, words }, music: { duck: true } });
    expect(() => compositionSchema.parse({ ...stored, voiceover: { ...stored.voiceover, path: `/data/${video}` }, background: { kind: 'clips', clips: [{ path: '/data/a.mp4', duration: 75 }] }, overlays: [], music: undefined })).not.toThrow();
    expect(spokenTrack({ ...ownVideo, ownSound: heard })).toEqual({ key: video, duration: 59, words });
  });

  it('counts for nothing once the main video changed, a voiceover was made, or the video has no sound', () => {
    const otherVideo: ProjectDocument = { ...ownVideo, ownSound: heard, background: { kind: 'clips', fit: 'trim', clips: [{ key: 'users/u/uploads/other.mp4', duration: 8 }] } };
    expect(currentOwnSound(otherVideo)).toBeUndefined();
    expect(toStoredComposition(otherVideo).voiceover).toBeUndefined();
    const take = { key: 'users/u/audio/v.wav', duration: 9, words };
    const voiced: ProjectDocument = { ...ownVideo, ownSound: heard, voiceover: { ...take, voice: 'slt', instructions: '', tempo: 1, original: take } };
    expect(toStoredComposition(voiced).voiceover?.path).toBe(take.key);
    expect(spokenTrack(voiced)?.key).toBe(take.key);
    const silent = { ...ownVideo, ownSound: { key: video, duration: 59, hasAudio: false } };
    expect(toStoredComposition(silent).voiceover).toBeUndefined();
    expect(spokenTrack(silent)).toBeUndefined();
    const library: ProjectDocument = { ...ownVideo, ownSound: heard, background: { kind: 'clips', fit: 'loop', hasSpeech: false, clips: [{ key: video, duration: 75 }] } };
    expect(currentOwnSound(library)).toBeUndefined();
  });
});

describe('createOwnSound', () => {
  const storage = { localPath: async (key: string) => `/data/${key}` } as unknown as ObjectStorage;
  const make = (info: { duration: number; hasAudio: boolean }) => {
    const transcribe = vi.fn<Transcriber['transcribe']>(async () => ({ text: 'hello there', words }));
    const probe = vi.fn(async () => info);
    const service = createOwnSound({ storage, probe, transcriber: { kind: 'local', transcribe }, logError: () => undefined });
    return { service, transcribe, probe };
  };

  it('listens to the first 59 s of a longer video, once', async () => {
    const { service, transcribe } = make({ duration: 75, hasAudio: true });
    expect(await service.measured(ownVideo)).toEqual({ key: video, duration: 59, hasAudio: true });
    const sound = await service.heard(ownVideo);
    expect(sound).toEqual(heard);
    expect(transcribe).toHaveBeenCalledWith(`/data/${video}`, { maxSeconds: 59 });
    expect(await service.heard({ ...ownVideo, ownSound: sound })).toEqual(heard);
    expect(transcribe).toHaveBeenCalledTimes(1);
  });

  it('refuses with the SPEC text a video without sound, or a project that is not a user’s own video', async () => {
    const { service, transcribe } = make({ duration: 6, hasAudio: false });
    await expect(service.heard(ownVideo)).rejects.toMatchObject({ statusCode: 400, message: workflowMessages.noAudio });
    await expect(service.heard({})).rejects.toMatchObject({ statusCode: 400, message: workflowMessages.noAudio });
    expect(transcribe).not.toHaveBeenCalled();
    expect(await service.measured({})).toBeUndefined();
  });
});
