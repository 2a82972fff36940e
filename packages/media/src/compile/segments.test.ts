import { describe, expect, it } from 'vitest';
import type { CompositionInput } from '../composition.ts';
import { compileComposition } from './compile.ts';
import { compileJoin, compileSegment, compileSoundtrack, cutSegmentArgs, keyframeInterval, segmentBounds } from './segments.ts';

const doc: CompositionInput = {
  background: { kind: 'clips', clips: [{ path: '/media/a.mp4', duration: 4 }] },
  voiceover: { path: '/media/voice.wav', duration: 59 },
  music: { path: '/media/music.mp3' },
  overlays: [{ imagePath: '/media/b.png', start: 2, end: 5 }],
  subtitles: { cues: [{ start: 0, end: 1, words: [{ text: 'Hello', start: 0, end: 1 }] }], style: 'Hormozi' },
};

const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1]!;
const inputsOf = (args: string[]) => args.flatMap((a, i) => (a === '-i' ? [args[i + 1]!] : []));

describe('segmentBounds', () => {
  it('splits on multiples of the keyframe interval with a GOP of lead-in and a lookahead of lead-out', () => {
    expect(segmentBounds(59, 3, 60)).toEqual([
      { index: 0, startFrame: 0, endFrame: 600, leadIn: 0, leadOut: 20 },
      { index: 1, startFrame: 600, endFrame: 1200, leadIn: 60, leadOut: 20 },
      { index: 2, startFrame: 1200, leadIn: 60, leadOut: 0 },
    ]);
  });

  it('gives a short document fewer segments, and one part is a single pass', () => {
    expect(segmentBounds(3, 3, 60).map((b) => b.startFrame)).toEqual([0, 60]);
    expect(segmentBounds(1.5, 4, 60)).toEqual([{ index: 0, startFrame: 0, leadIn: 0, leadOut: 0 }]);
    expect(segmentBounds(59, 1, 60)).toEqual([{ index: 0, startFrame: 0, leadIn: 0, leadOut: 0 }]);
  });

  it('keeps the lead-out inside the document', () => {
    expect(segmentBounds(2.3, 2, 60)[0]).toMatchObject({ endFrame: 60, leadOut: 9 });
  });

  it('reads the interval from the profile', () => {
    expect(keyframeInterval('final')).toBe(60);
    expect(keyframeInterval('preview')).toBe(250);
  });
});

describe('compileSegment', () => {
  const [, middle, last] = segmentBounds(59, 3, 60);

  it('is the single pass picture graph cut by frame number at its end, video only, with the same encoder settings', () => {
    const single = compileComposition(doc, { profile: 'final', outputPath: '/out/final.mp4' });
    const { args, duration, files } = compileSegment(doc, { profile: 'final', outputPath: '/out/s1.mp4', bounds: middle! });
    const graph = graphOf(args);
    expect(graph).toMatch(/\[(v\d+)\]trim=start_frame=540:end_frame=1220,setpts=PTS-STARTPTS\[v\d+\]$/);
    // Apart from the audio chains and the subtitle file name, the picture graph is the single pass's.
    const pictureOf = (g: string) => g.split(';').filter((chain) => !chain.includes('[a') && !/^\[\d+:a\]/.test(chain)).map((c) => c.replace(/\/out\/\w+\.mp4/, 'OUT'));
    expect(pictureOf(graph).slice(0, -1)).toEqual(pictureOf(graphOf(single.args)));
    expect(inputsOf(args)).toEqual(['/media/a.mp4', '/media/b.png']);
    expect(args.join(' ')).toContain('-c:v libx264 -preset veryfast -profile:v high -crf 21 -pix_fmt yuv420p -maxrate 7500k -bufsize 7500k -g 60 -force_key_frames expr:eq(mod(n,60),0) -r 30');
    expect(args).toContain('-an');
    expect(args).not.toContain('-c:a');
    expect(duration).toBeCloseTo(680 / 30);
    expect(files).toEqual([{ path: '/out/s1.mp4.ass', contents: expect.stringContaining('Dialogue:') }]);
  });

  it('runs the last segment to the end of the document', () => {
    const { args, duration } = compileSegment(doc, { profile: 'final', outputPath: '/out/s2.mp4', bounds: last! });
    expect(graphOf(args)).toMatch(/trim=start_frame=1140,setpts=PTS-STARTPTS\[v\d+\]$/);
    expect(duration).toBeCloseTo(59 - 38);
  });

  it('refuses frames that are not a segment', () => {
    expect(() => compileSegment(doc, { profile: 'final', outputPath: '/o.mp4', bounds: { index: 0, startFrame: 30, leadIn: 60, leadOut: 0 } })).toThrow(/bad segment/);
    expect(() => compileSegment(doc, { profile: 'final', outputPath: '/o.mp4', bounds: { index: 0, startFrame: 60, endFrame: 60, leadIn: 0, leadOut: 0 } })).toThrow(/bad segment/);
  });
});

describe('cutSegmentArgs', () => {
  it('seeks past the lead-in and counts the segment’s packets, by stream copy', () => {
    const [, middle, last] = segmentBounds(59, 3, 60);
    const args = cutSegmentArgs('/w/s1.enc.mp4', '/w/s1.mp4', middle!);
    expect(args.join(' ')).toContain('-ss 2 -protocol_whitelist file,pipe -i /w/s1.enc.mp4 -map 0:v -c copy -frames:v 600 /w/s1.mp4');
    expect(cutSegmentArgs('/w/s2.enc.mp4', '/w/s2.mp4', last!)).not.toContain('-frames:v');
  });
});

describe('compileSoundtrack', () => {
  it('mixes the audio alone over the whole timeline at the profile’s settings', () => {
    const { args, duration } = compileSoundtrack({ ...doc, closingImage: { path: '/media/end.png', duration: 3 } }, { profile: 'final', outputPath: '/out/a.m4a' });
    expect(inputsOf(args)).toEqual(['/media/voice.wav', '/media/music.mp3']);
    expect(graphOf(args)).toMatch(/sidechaincompress.*amix.*atrim=duration=62,loudnorm/);
    expect(args.join(' ')).toContain('-c:a aac -b:a 160k -ar 48000 -ac 2 -t 62 -vn /out/a.m4a');
    expect(duration).toBe(62);
  });
});

describe('the end card in a segmented render', () => {
  it('is part of the last segment’s picture and of the soundtrack’s length', () => {
    const carded = { ...doc, closingImage: { path: '/media/end.png', duration: 3 }, endCard: { path: '/media/card.png', duration: 2 } };
    const bounds = segmentBounds(64, 3, 60);
    const last = compileSegment(carded, { profile: 'final', outputPath: '/out/s2.mp4', bounds: bounds.at(-1)! });
    expect(inputsOf(last.args)).toEqual(['/media/a.mp4', '/media/b.png', '/media/end.png', '/media/card.png']);
    expect(last.duration).toBeCloseTo(64 - (bounds.at(-1)!.startFrame - 60) / 30);
    const audio = compileSoundtrack(carded, { profile: 'final', outputPath: '/out/a.m4a' });
    expect(audio.duration).toBe(64);
    expect(graphOf(audio.args)).toContain('atrim=duration=64,loudnorm');
  });
});

describe('compileJoin', () => {
  it('lists the segments with their exact lengths and copies them with the soundtrack into a faststart MP4', () => {
    const { args, files } = compileJoin({
      segments: [{ path: "/w/it's 0.mp4", frames: 600 }, { path: '/w/1.mp4', frames: 600 }, { path: '/w/2.mp4' }],
      audioPath: '/w/a.m4a',
      outputPath: '/out/final.mp4',
      listPath: '/w/list.txt',
      total: 59,
    });
    expect(files).toEqual([
      { path: '/w/list.txt', contents: "ffconcat version 1.0\nfile '/w/it'\\''s 0.mp4'\nduration 20\nfile '/w/1.mp4'\nduration 20\nfile '/w/2.mp4'\n" },
    ]);
    expect(args.join(' ')).toContain('-f concat -safe 0 -protocol_whitelist file,pipe -i /w/list.txt -protocol_whitelist file,pipe -i /w/a.m4a');
    expect(args.join(' ')).toContain('-map 0:v -map 1:a -c copy -t 59 -movflags +faststart /out/final.mp4');
  });

  it('refuses URLs and an empty list', () => {
    const base = { audioPath: '/w/a.m4a', outputPath: '/o.mp4', listPath: '/w/l.txt', total: 1 };
    expect(() => compileJoin({ ...base, segments: [{ path: 'http://x/1.mp4' }] })).toThrow(/URL/);
    expect(() => compileJoin({ ...base, segments: [] })).toThrow(/nothing/);
  });
});
