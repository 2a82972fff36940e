import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptTexts } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranscriberError, type Transcriber } from './types.ts';

const spoken = 'Fresh coffee every single morning at our corner cafe. Come and visit us today.';
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/**
 * What the contract listens to, made in a new folder: `talking.mp4` (speech on a video with AAC stereo audio, as a
 * phone records it, 6 s), `tone.mp4` (a video with a sine) and `beat.m4a` (music without words). Returns their paths.
 */
export function makeListeningMedia(): (name: string) => string {
  const dir = mkdtempSync(join(tmpdir(), 'rs-transcriber-'));
  const file = (name: string) => join(dir, name);
  execFileSync('flite', ['-voice', 'slt', '-t', spoken, '-o', file('speech.wav')]);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=6', '-i', file('speech.wav'), '-filter_complex', '[1:a]apad,aresample=44100[a]', '-map', '0:v', '-map', '[a]', '-ac', '2', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('talking.mp4'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('tone.mp4'));
  const beat = "0.3*sin(2*PI*(220+110*mod(floor(t*4),4))*t)*exp(-3*mod(t,0.25))+0.2*sin(2*PI*330*t)";
  ffmpeg('-f', 'lavfi', '-i', `aevalsrc='${beat}':d=6:s=44100`, '-c:a', 'aac', file('beat.m4a'));
  return file;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z']+/g) ?? []);

/** One transcriber as the contract drives it; `close` stops whatever its setup started. */
export interface TranscriberSubject {
  transcriber: Transcriber;
  close(): Promise<void>;
}

/**
 * What every transcriber promises the script and subtitle features; each adapter's test file runs it. `setup` gets
 * the scratch folder the transcriber must leave empty.
 */
export function describeTranscriberContract(name: string, setup: (tmpDir: string) => Promise<TranscriberSubject>) {
  // Both adapters listen with pocketsphinx (the hosted one's stand-in server too), and each adapter's file runs this
  // suite, so two recognisers may share the two cores: a busy machine took over 60 s for a case.
  describe(`transcriber contract: ${name}`, { timeout: 180_000 }, () => {
    let file: (name: string) => string;
    let tmpDir: string;
    let subject: TranscriberSubject;
    let transcriber: Transcriber;
    beforeAll(async () => {
      file = makeListeningMedia();
      tmpDir = file('tmp');
      subject = await setup(tmpDir);
      transcriber = subject.transcriber;
    });
    afterAll(() => subject.close());

    it('hears the words said in a video, with times in order and inside the audio', async () => {
      const transcript = await transcriber.transcribe(file('talking.mp4'));
      const heard = words(transcript.text);
      const said = [...words(spoken)];
      expect(said.filter((word) => heard.has(word)).length / said.length).toBeGreaterThan(0.6);
      expect(transcript.words.map((w) => w.text).join(' ')).toBe(transcript.text);
      for (const [i, word] of transcript.words.entries()) {
        expect(word.end).toBeGreaterThan(word.start);
        expect(word.end).toBeLessThanOrEqual(6);
        if (i > 0) expect(word.start).toBeGreaterThanOrEqual(transcript.words[i - 1]!.end);
      }
      expect(readdirSync(tmpDir)).toEqual([]);
    });

    it('listens only to the first seconds when asked', async () => {
      const transcript = await transcriber.transcribe(file('talking.mp4'), { maxSeconds: 1.5 });
      expect(transcript.words.length).toBeGreaterThan(0);
      expect(Math.max(...transcript.words.map((w) => w.end))).toBeLessThanOrEqual(1.5);
    });

    it('finds no speech in a tone or a beat', async () => {
      expect(await transcriber.transcribe(file('tone.mp4'))).toEqual({ text: '', words: [] });
      expect(await transcriber.transcribe(file('beat.m4a'))).toEqual({ text: '', words: [] });
    });

    it('fails with the user-facing message when the file has no audio', async () => {
      const silentVideo = file('silent.mp4');
      ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', silentVideo);
      const refusal = await transcriber.transcribe(silentVideo).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(TranscriberError);
      expect(refusal).toMatchObject({ statusCode: 503, message: scriptTexts.transcriptionFailed });
      expect(readdirSync(tmpDir)).toEqual([]);
    });

    it("gives back the caller's reason when aborted while the audio is being read, and leaves no scratch files", async () => {
      const controller = new AbortController();
      controller.abort(new Error('cancelled by the user'));
      await expect(transcriber.transcribe(file('talking.mp4'), { signal: controller.signal })).rejects.toThrow('cancelled by the user');
      expect(readdirSync(tmpDir)).toEqual([]);
    });
  });
}
