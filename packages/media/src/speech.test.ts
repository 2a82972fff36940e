import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, tempDir } from '../test/fixtures.ts';
import { probe } from './ffprobe.ts';
import { runFfmpeg } from './runner.ts';
import {
  parseSilenceReport,
  retimeWords,
  silenceDetectArgs,
  speechGainDb,
  speechLoudnessArgs,
  speechMasterArgs,
  speechSampleRate,
  tempoArgs,
} from './speech.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** `seconds` of a 220 Hz tone at `rate`, like a synthesiser's raw output. */
async function tone(name: string, seconds: number, rate: number): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=${rate}:duration=${seconds}`, '-c:a', 'pcm_s16le', path]);
  return path;
}

describe('speech mastering', () => {
  it('joins the pieces and shifts the voice in one filter graph, measuring first and applying one gain after', () => {
    const join = { inputs: ['/t/a.wav', '/t/b.wav'], voiceShift: { factor: 0.9, sourceRate: 16000 } };
    const pieces = '[0:a]aformat=sample_fmts=flt:channel_layouts=mono[p0];[1:a]aformat=sample_fmts=flt:channel_layouts=mono[p1];';
    const measure = speechLoudnessArgs(join);
    expect(measure[measure.indexOf('-filter_complex') + 1]).toBe(
      `${pieces}[p0][p1]concat=n=2:v=0:a=1,asetrate=14400,loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json[speech]`,
    );
    expect(measure.slice(-3)).toEqual(['-f', 'null', '-']);
    const master = speechMasterArgs({ ...join, output: '/t/out.wav', gainDb: 4.5 });
    expect(master[master.indexOf('-filter_complex') + 1]).toBe(`${pieces}[p0][p1]concat=n=2:v=0:a=1,asetrate=14400,volume=4.5dB,aresample=48000[speech]`);
    expect(master.filter((a) => a === '-i')).toHaveLength(2);
    expect(master.slice(-3)).toEqual(['-c:a', 'pcm_s16le', '/t/out.wav']);
  });

  it('leaves the rate alone without a shift, picks the codec from the extension and refuses bad input', () => {
    const args = speechMasterArgs({ inputs: ['/t/a.wav'], output: '/t/out.m4a', gainDb: 0 });
    expect(args.join(' ')).not.toContain('asetrate');
    expect(args).toEqual(expect.arrayContaining(['aac', '+faststart']));
    expect(() => speechMasterArgs({ inputs: ['/t/a.wav'], output: '/t/out.mp3', gainDb: 0 })).toThrow(/\.wav or \.m4a/);
    expect(() => speechMasterArgs({ inputs: [], output: '/t/out.wav', gainDb: 0 })).toThrow(/at least one/);
    expect(() => speechMasterArgs({ inputs: ['http://x/a.wav'], output: '/t/out.wav', gainDb: 0 })).toThrow();
    expect(() => speechMasterArgs({ inputs: ['/t/a.wav'], output: '/t/o.wav', gainDb: 0, voiceShift: { factor: 3, sourceRate: 16000 } })).toThrow(/outside/);
    expect(() => speechMasterArgs({ inputs: ['/t/a.wav'], output: '/t/o.wav', gainDb: Number.NaN })).toThrow(/gain/);
  });

  it('takes the gain to the target loudness, held back by the peak limit, and none for silence', () => {
    const summary = (i: string, tp: string) => `[Parsed_loudnorm_0 @ 0x1]\n{\n\t"input_i" : "${i}",\n\t"input_tp" : "${tp}",\n\t"input_lra" : "3.0"\n}\n`;
    expect(speechGainDb(summary('-26.00', '-12.00'))).toBe(10);
    expect(speechGainDb(summary('-26.00', '-6.00'))).toBe(4.5);
    expect(speechGainDb(summary('-10.00', '-0.50'))).toBe(-6);
    expect(speechGainDb(summary('-inf', '-inf'))).toBe(0);
    expect(() => speechGainDb('no summary')).toThrow(/loudnorm/);
  });

  it('writes 48 kHz mono at the target loudness whose length is the pieces’ length over the shift', async () => {
    const inputs = [await tone('a.wav', 1, 16000), await tone('b.wav', 0.5, 16000)];
    const join = { inputs, voiceShift: { factor: 1.25, sourceRate: 16000 } };
    const gainDb = speechGainDb((await runFfmpeg(speechLoudnessArgs(join), { duration: 1.2 })).stderrTail);
    const output = join.inputs[0]!.replace('a.wav', 'master.wav');
    await runFfmpeg(speechMasterArgs({ ...join, output, gainDb }), { duration: 1.2 });
    const info = await probe(output);
    expect(info).toMatchObject({ sampleRate: speechSampleRate, channels: 1, audioCodec: 'pcm_s16le' });
    expect(info.duration).toBeCloseTo(1.5 / 1.25, 2);
    const check = speechGainDb((await runFfmpeg(speechLoudnessArgs({ inputs: [output] }), { duration: 1.2 })).stderrTail);
    expect(Math.abs(check)).toBeLessThan(1);
  });
});

describe('tempo', () => {
  it('builds one atempo within 0.5-2 and refuses anything else', () => {
    expect(tempoArgs({ input: '/t/a.wav', output: '/t/b.wav', tempo: 1.5 })).toEqual(expect.arrayContaining(['-af', 'atempo=1.5']));
    for (const tempo of [0.4, 2.1, Number.NaN]) expect(() => tempoArgs({ input: '/t/a.wav', output: '/t/b.wav', tempo })).toThrow(/tempo/);
  });

  it('changes the length by 1/tempo, and so do the word times', async () => {
    const input = await tone('long.wav', 2, 48000);
    const output = join(dir, 'fast.m4a');
    await runFfmpeg(tempoArgs({ input, output, tempo: 2 }), { duration: 1 });
    expect((await probe(output)).duration).toBeCloseTo(1, 1);
    expect(retimeWords([{ text: 'hi', start: 0.5, end: 1.2345 }], 2)).toEqual([{ text: 'hi', start: 0.25, end: 0.617 }]);
    expect(retimeWords([{ text: 'hi', start: 1, end: 2 }], 0.5)).toEqual([{ text: 'hi', start: 2, end: 4 }]);
    expect(() => retimeWords([], 0)).toThrow();
  });
});

describe('silence detection', () => {
  it('reports where sound stops and starts again', async () => {
    const input = join(dir, 'gaps.wav');
    // 0.3 s silence, 0.5 s tone, 0.4 s silence, 0.5 s tone, 0.2 s silence.
    await ffmpeg([
      '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=48000:duration=0.5',
      '-filter_complex', '[0:a]asplit=2[a][b];[a]adelay=300[x];[b]adelay=1200,apad=pad_dur=0.2[y];[x][y]amix=inputs=2:duration=longest:normalize=0',
      '-c:a', 'pcm_s16le', input,
    ]);
    const reportPath = join(dir, 'silence report.txt');
    await runFfmpeg(silenceDetectArgs({ input, reportPath, minSeconds: 0.1 }), { duration: 2 });
    const silences = parseSilenceReport(await readFile(reportPath, 'utf8'));
    expect(silences).toHaveLength(3);
    expect(silences[0]!.start).toBe(0);
    expect(silences[0]!.end).toBeCloseTo(0.3, 2);
    expect(silences[1]!.start).toBeCloseTo(0.8, 2);
    expect(silences[1]!.end).toBeCloseTo(1.2, 2);
    expect(silences[2]!.end).toBeUndefined();
  });

  it('parses edges and ignores an end without a start', () => {
    expect(parseSilenceReport('lavfi.silence_end=0.5\nlavfi.silence_start=-0.01\nlavfi.silence_end=0.2\nlavfi.silence_start=3')).toEqual([
      { start: 0, end: 0.2 },
      { start: 3 },
    ]);
  });
});
