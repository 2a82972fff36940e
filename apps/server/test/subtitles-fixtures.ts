import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { probe } from '@reelsmith/media';
import type { TestApp } from './app.ts';
import { newProjectDocument, type ProjectDocument, type TimedWord } from '../src/core/project/project-document.ts';
import { spreadWords } from '../src/core/project/subtitles-cues.ts';

/** About 9 s in flite's slt voice. */
export const spokenText =
  "Fresh bread every morning at Rosa's bakery. Come early, because the cinnamon rolls sell out fast. Order online tonight and skip the queue tomorrow.";

/**
 * Real speech from flite with word times. flite's -psdur prints when each phone ends but not where words part, so
 * the words are spread over the span between the leading and trailing pauses (the TTS provider gives real ones).
 */
export async function makeSpeech(dir: string, text = spokenText): Promise<{ path: string; duration: number; words: TimedWord[] }> {
  const path = join(dir, `voice-${randomUUID()}.wav`);
  const phones = execFileSync('flite', ['-voice', 'slt', '-psdur', '-t', text, '-o', path], { encoding: 'utf8' })
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [phone, end] = entry.split(':');
      return { phone: phone!, end: Number(end) };
    });
  const firstSpoken = phones.findIndex((p) => p.phone !== 'pau');
  const lastSpoken = phones.findLastIndex((p) => p.phone !== 'pau');
  const duration = (await probe(path)).duration;
  const texts = text.split(/\s+/).filter(Boolean);
  return { path, duration, words: spreadWords(texts, phones[firstSpoken - 1]?.end ?? 0, phones[lastSpoken]!.end) };
}

/** A plain dark 720x1280 clip: captions stand out on it, so a frame shows whether they were drawn. */
export function makeBackground(dir: string, seconds = 4): { path: string; duration: number } {
  const path = join(dir, `bg-${randomUUID()}.mp4`);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x1d2636:s=720x1280:r=30:d=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path,
  ]);
  return { path, duration: seconds };
}

export function fixtureDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-subtitles-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A project for the user as the earlier steps leave it: a background clip and, unless told otherwise, a voiceover. */
export async function seedProject(
  t: TestApp,
  userId: string,
  dir: string,
  options: { voice?: boolean; background?: boolean; text?: string; missingVoiceFile?: boolean; ownVideoSeconds?: number } = {},
): Promise<{ id: string; document: ProjectDocument; voicePath?: string }> {
  const { storage, repositories } = t.composed;
  const id = randomUUID();
  await repositories.projects.create({ id, userId, videoType: 'add-brolls', composition: newProjectDocument() });
  const document: ProjectDocument = {};
  let voicePath: string | undefined;
  if (options.background !== false) {
    const bg = makeBackground(dir, options.ownVideoSeconds);
    const key = `users/${userId}/uploads/${randomUUID()}.mp4`;
    await storage.putFile(key, bg.path, 'video/mp4');
    // The user's own video plays once (Use Own Video, Add B-Rolls); otherwise it loops as a library clip does.
    const fit = options.ownVideoSeconds ? 'trim' : 'loop';
    document.background = { kind: 'clips', clips: [{ key, duration: bg.duration }], fit, ...(options.ownVideoSeconds ? { hasSpeech: false } : {}) };
  }
  if (options.voice !== false) {
    const speech = await makeSpeech(dir, options.text);
    voicePath = speech.path;
    const key = `users/${userId}/uploads/${randomUUID()}.wav`;
    if (!options.missingVoiceFile) await storage.putFile(key, speech.path, 'audio/wav');
    const take = { key, duration: speech.duration, words: speech.words };
    document.voiceover = { ...take, voice: 'slt', instructions: '', tempo: 1, original: take };
  }
  await repositories.projects.mergeDocument(userId, id, document as Record<string, unknown>);
  return { id, document, voicePath };
}
