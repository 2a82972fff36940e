import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A real recorded human voice, not a synthesiser: LibriVox's public-domain reading of Jane Austen's "Sense and
 * Sensibility" (chapter 1), as the Debian package pocketsphinx-testdata ships it (BSD-2-Clause packaging of CMU
 * Sphinx's test data) with the reference text in `transcription`.
 */
export const librivoxDir = '/usr/share/pocketsphinx/test/data/librivox';
const clips = ['sense_and_sensibility_01_austen_64kb-0870', 'sense_and_sensibility_01_austen_64kb-0880', 'sense_and_sensibility_01_austen_64kb-0890'];
const gapSeconds = 0.8;

/** The reference text of a clip: `<s> words </s> (clip-id)`. */
export function reference(clip: string): string[] {
  const line = readFileSync(join(librivoxDir, 'transcription'), 'utf8').split('\n').find((l) => l.includes(`(${clip})`));
  if (!line) throw new Error(`no reference text for ${clip}`);
  return line.replace(/<\/?s>|\(.*\)/g, '').trim().split(/\s+/);
}

/** Words that carry the meaning: function words are short and the recogniser guesses them from context anyway. */
export const contentWords = (words: string[]) => words.filter((w) => w.length >= 4);
const seconds = (path: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], { encoding: 'utf8' }));

/**
 * A phone-like video of the clips read one after the other with a short pause between them (AAC stereo at 44.1 kHz
 * over a plain picture), and where each clip's speech lies in it.
 */
export function makeRealVoiceVideo(dir: string, name = 'reading.mp4'): { path: string; duration: number; spans: { clip: string; start: number; end: number }[] } {
  const spans: { clip: string; start: number; end: number }[] = [];
  let at = gapSeconds;
  for (const clip of clips) {
    const length = seconds(join(librivoxDir, `${clip}.wav`));
    spans.push({ clip, start: at, end: at + length });
    at += length + gapSeconds;
  }
  const inputs = clips.flatMap((clip) => ['-i', join(librivoxDir, `${clip}.wav`)]);
  const pads = clips.map((_, i) => `[${i + 1}:a]aresample=44100,adelay=${i === 0 ? gapSeconds * 1000 : 0}:all=1,apad=pad_dur=${gapSeconds}[a${i}]`).join(';');
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x1d2636:s=360x640:r=25:d=${at}`, ...inputs,
    '-filter_complex', `${pads};${clips.map((_, i) => `[a${i}]`).join('')}concat=n=${clips.length}:v=0:a=1[a]`,
    '-map', '0:v', '-map', '[a]', '-ac', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-t', String(at), path,
  ]);
  return { path, duration: at, spans };
}
