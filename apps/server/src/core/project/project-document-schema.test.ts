import { describe, expect, it } from 'vitest';
import {
  InvalidProjectDocumentError,
  currentDocumentVersion,
  newProjectDocument,
  readProjectDocument,
  validProjectDocumentPatch,
  type ProjectDocumentPatch,
} from './project-document-schema.ts';

const words = [
  { text: 'Fresh', start: 0.2, end: 0.6 },
  { text: 'bread', start: 0.65, end: 1.1, colour: '#FFE500' },
];
const take = { key: 'users/u/voiceovers/p.m4a', duration: 12, words };

/** A document as the steps wrote it before documents recorded a version: every part there is today. */
const legacy = {
  prompt: 'A bakery opening',
  scenes: ['Fresh bread', 'Every morning'],
  scenesScript: 'c0ffee',
  voiceover: { ...take, voice: 'slt', instructions: '', tempo: 1.25, original: take },
  background: { kind: 'scenes', transition: 'fade', scenes: [{ imageKey: 'users/u/uploads/a.png', duration: 5.5, zoom: true }] },
  overlays: [{ imageKey: 'library/stickers/star.png', start: 1, end: 3 }],
  brollPreviewKey: 'users/u/renders/p-broll.mp4',
  music: { key: null, title: 'No Background Music' },
  subtitles: {
    enabled: true,
    cues: [{ start: 0.2, end: 1.1, words }],
    position: 'bottom',
    fontSize: 'medium',
    wordsPerChunk: 3,
    style: 'Hormozi',
    voiceoverKey: take.key,
  },
  closingImageKey: null,
  finalRender: { jobId: 'job-1', fingerprint: 'f', idempotencyKey: 'final:f' },
  finalAudioKey: take.key,
  videoJob: { jobId: 'job-2', purpose: 'images' },
  logoKey: 'users/u/logo.png',
  ownSound: { key: 'users/u/uploads/talk.mp4', duration: 20, hasAudio: true, words: [] },
  ownVideos: [{ id: 'item-1', key: 'users/u/uploads/own.mp4', size: 1024, duration: 8 }],
  creditHolds: { 'job-2': 'aiVideos' },
};

describe('reading a project document', () => {
  it('reads an unversioned document of the legacy shape as the current version, with the same content', () => {
    expect(currentDocumentVersion).toBe(1);
    expect(readProjectDocument(structuredClone(legacy))).toEqual(legacy);
    expect(readProjectDocument({})).toEqual({});
  });

  it('reads a current document as its parts', () => {
    expect(readProjectDocument({ ...legacy, version: 1 })).toEqual(legacy);
  });

  it('refuses a document that does not fit, saying which part is wrong', () => {
    const { words: _dropped, ...noWords } = legacy.voiceover;
    const read = () => readProjectDocument({ ...legacy, voiceover: noWords }, 'p-1');
    expect(read).toThrow(InvalidProjectDocumentError);
    expect(read).toThrow(/project document p-1 \(version 0\) is invalid[\s\S]*voiceover\.words/);
    expect(() => readProjectDocument({ ...legacy, background: { kind: 'clips', clips: [{ key: '/data/files/users/u/a.mp4', duration: 3 }], fit: 'loop' } })).toThrow(
      /must be a storage key, not a file path\s+→ at background\.clips\[0\]\.key/,
    );
    expect(() => readProjectDocument({ ...legacy, creditHolds: { 'job-2': 'free lunch' } })).toThrow(/creditHolds/);
  });

  it('refuses a part the document does not declare, an unknown version, and what is not a document', () => {
    expect(() => readProjectDocument({ ...legacy, musik: { key: null } })).toThrow(/musik/);
    expect(() => readProjectDocument({ ...legacy, version: 2 })).toThrow(/unknown version: 2/);
    expect(() => readProjectDocument({ version: '1' })).toThrow(/unknown version: "1"/);
    expect(() => readProjectDocument(null)).toThrow(/not an object/);
    expect(() => readProjectDocument([legacy])).toThrow(/not an object/);
  });
});

describe('a patch of the document', () => {
  it('passes parts of the document as they are', () => {
    const patch: ProjectDocumentPatch = { music: legacy.music, closingImageKey: null, videoJob: { jobId: 'j', purpose: 'combine' } };
    expect(validProjectDocumentPatch(patch)).toEqual(patch);
  });

  it('refuses a part that is not the document’s, or not in its shape', () => {
    expect(() => validProjectDocumentPatch({ musik: legacy.music } as ProjectDocumentPatch)).toThrow(/musik/);
    expect(() => validProjectDocumentPatch({ videoJob: { jobId: 'j', purpose: 'final' } } as unknown as ProjectDocumentPatch)).toThrow(/videoJob\.purpose/);
    expect(() => validProjectDocumentPatch({ logoKey: '/home/u/logo.png' })).toThrow(/logoKey/);
  });

  it('stamps a new document with the current version', () => {
    expect(newProjectDocument({ prompt: 'Hi' })).toEqual({ prompt: 'Hi', version: currentDocumentVersion });
    expect(() => newProjectDocument({ prompt: 3 } as unknown as ProjectDocumentPatch)).toThrow(InvalidProjectDocumentError);
  });
});
