import { workflowMessages } from '@reelsmith/contracts';
import { compositionSchema, type Silence } from '@reelsmith/media';
import { describe, expect, it, vi } from 'vitest';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { Transcriptions } from '../files/transcriptions.ts';
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
    expect(stored).toMatchObject({ duration: 59, voiceover: { key: video, duration: 59, words }, music: { duck: true } });
    expect(() => compositionSchema.parse({ ...stored, voiceover: { ...stored.voiceover, path: `/data/${video}` }, background: { kind: 'clips', clips: [{ path: '/data/a.mp4', duration: 75 }] }, overlays: [], music: undefined })).not.toThrow();
    expect(spokenTrack({ ...ownVideo, ownSound: heard })).toEqual({ key: video, duration: 59, words });
  });

  it('counts for nothing once the main video changed, a voiceover was made, or the video has no sound', () => {
    const otherVideo: ProjectDocument = { ...ownVideo, ownSound: heard, background: { kind: 'clips', fit: 'trim', clips: [{ key: 'users/u/uploads/other.mp4', duration: 8 }] } };
    expect(currentOwnSound(otherVideo)).toBeUndefined();
    expect(toStoredComposition(otherVideo).voiceover).toBeUndefined();
    const take = { key: 'users/u/audio/v.wav', duration: 9, words };
    const voiced: ProjectDocument = { ...ownVideo, ownSound: heard, voiceover: { ...take, voice: 'slt', instructions: '', tempo: 1, original: take } };
    expect(toStoredComposition(voiced).voiceover?.key).toBe(take.key);
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
  const make = (info: { duration: number; hasAudio: boolean }, silences: Silence[] | Error = []) => {
    const transcribe = vi.fn<Transcriptions['listen']>(async () => ({ text: 'hello there', words }));
    const probe = vi.fn(async () => info);
    const detect = vi.fn(async () => {
      if (silences instanceof Error) throw silences;
      return silences;
    });
    const logError = vi.fn();
    const service = createOwnSound({ storage, probe, silences: detect, transcriptions: { listen: transcribe }, logError });
    return { service, transcribe, probe, detect, logError };
  };

  it('listens to the first 59 s of a longer video, once', async () => {
    const { service, transcribe } = make({ duration: 75, hasAudio: true });
    expect(await service.measured(ownVideo)).toEqual({ key: video, duration: 59, hasAudio: true });
    const sound = await service.heard('u', ownVideo);
    expect(sound).toEqual(heard);
    expect(transcribe).toHaveBeenCalledWith('u', video, 59);
    expect(await service.heard('u', { ...ownVideo, ownSound: sound })).toEqual(heard);
    expect(transcribe).toHaveBeenCalledTimes(1);
  });

  it('refuses with the SPEC text a video without sound, or a project that is not a user’s own video', async () => {
    const { service, transcribe } = make({ duration: 6, hasAudio: false });
    await expect(service.heard('u', ownVideo)).rejects.toMatchObject({ statusCode: 400, message: workflowMessages.noAudio });
    await expect(service.heard('u', {})).rejects.toMatchObject({ statusCode: 400, message: workflowMessages.noAudio });
    expect(transcribe).not.toHaveBeenCalled();
    expect(await service.measured({})).toBeUndefined();
  });

  it('finds where the video makes a sound for hand-written captions, the whole video when detection fails', async () => {
    const silent = { key: video, duration: 10, hasAudio: true, words: [] };
    const { service, detect } = make({ duration: 10, hasAudio: true }, [{ start: 0, end: 1.5 }, { start: 4, end: 6.2 }, { start: 6.4, end: 7 }, { start: 9 }]);
    expect(await service.soundSpans(silent)).toEqual([
      { start: 1.5, end: 4 },
      { start: 7, end: 9 },
    ]);
    expect(detect).toHaveBeenCalledWith(`/data/${video}`, 10);
    const failing = make({ duration: 10, hasAudio: true }, new Error('ffmpeg crashed'));
    expect(await failing.service.soundSpans(silent)).toEqual([{ start: 0, end: 10 }]);
    expect(failing.logError).toHaveBeenCalledWith(expect.stringContaining('ffmpeg crashed'));
    expect(await make({ duration: 10, hasAudio: true }, [{ start: 0 }]).service.soundSpans(silent)).toEqual([{ start: 0, end: 10 }]);
  });
});
