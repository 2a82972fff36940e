import { describe, expect, it } from 'vitest';
import type { CompositionInput } from '../composition.ts';
import { escapeFilterValue } from '../filtergraph.ts';
import { compileComposition } from './compile.ts';
import { clipSegments } from './video.ts';

const clips: CompositionInput = {
  background: { kind: 'clips', clips: [{ path: '/media/a.mp4', duration: 4 }] },
  voiceover: { path: '/media/voice.wav', duration: 10 },
  music: { path: '/media/music.mp3' },
  overlays: [{ imagePath: '/media/b.png', start: 2, end: 5 }],
  subtitles: { cues: [{ start: 0, end: 1, words: [{ text: 'Hello', start: 0, end: 1 }] }], style: 'Hormozi' },
  logo: { path: '/media/logo.png' },
  closingImage: { path: '/media/end.png', duration: 2 },
};

const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1]!;

describe('compileComposition', () => {
  it('opens every input through the local-file protocol whitelist', () => {
    const { args } = compileComposition(clips, { profile: 'final', outputPath: '/out/final.mp4' });
    const inputs = args.flatMap((a, i) => (a === '-i' ? [i] : []));
    expect(inputs.length).toBe(6);
    for (const i of inputs) expect(args.slice(i - 2, i)).toEqual(['-protocol_whitelist', 'file,pipe']);
    expect(args.some((a) => a.includes('://'))).toBe(false);
  });

  it('refuses URLs for inputs and output', () => {
    const remote = { ...clips, music: { path: 'https://evil.example/x.mp3' } };
    expect(() => compileComposition(remote, { profile: 'preview', outputPath: '/out/a.mp4' })).toThrow(/URL/);
    expect(() => compileComposition(clips, { profile: 'preview', outputPath: 'rtmp://x/live' })).toThrow(/URL/);
  });

  it('encodes the final profile as H.264 high yuv420p 1080x1920 with AAC 48 kHz and faststart', () => {
    const { args } = compileComposition(clips, { profile: 'final', outputPath: '/out/final.mp4' });
    const joined = args.join(' ');
    expect(joined).toContain('-c:v libx264 -preset veryfast -profile:v high');
    expect(joined).toContain('-pix_fmt yuv420p');
    expect(joined).toContain('-c:a aac');
    expect(joined).toContain('-ar 48000');
    expect(joined).toContain('-movflags +faststart');
    expect(graphOf(args)).toContain('crop=1080:1920');
    expect(args.at(-1)).toBe('/out/final.mp4');
  });

  it('renders previews at 540x960 with ultrafast and scales document coordinates', () => {
    const doc = { ...clips, overlays: [{ imagePath: '/media/b.png', start: 1, end: 2, x: 100, y: 200, width: 500 }] };
    const { args } = compileComposition(doc, { profile: 'preview', outputPath: '/out/p.mp4' });
    expect(args.join(' ')).toContain('-preset ultrafast');
    const graph = graphOf(args);
    expect(graph).toContain('crop=540:960');
    expect(graph).toContain('scale=250:-2');
    expect(graph).toContain("overlay=x=50:y=100:enable='between(t,1,2)'");
  });

  it('takes its length from the voiceover, then the background, and appends the closing image', () => {
    expect(compileComposition(clips, { profile: 'preview', outputPath: '/o.mp4' }).duration).toBe(12);
    expect(compileComposition({ ...clips, duration: 7 }, { profile: 'preview', outputPath: '/o.mp4' }).duration).toBe(9);
    const bare: CompositionInput = { background: clips.background };
    expect(compileComposition(bare, { profile: 'preview', outputPath: '/o.mp4' }).duration).toBe(4);
  });

  it('appends the end card after the closing image, past the corner logo, and counts it in the length', () => {
    const doc = { ...clips, logo: { path: '/media/logo.png', opacity: 0.5 }, endCard: { path: '/media/card.png' } };
    const { args, duration } = compileComposition(doc, { profile: 'preview', outputPath: '/o.mp4' });
    expect(duration).toBe(14.5);
    const graph = graphOf(args);
    expect(graph).toContain('scale=90:-2,format=yuva420p,colorchannelmixer=aa=0.5');
    const chains = graph.split(';');
    const card = args.indexOf('/media/card.png');
    const cardInput = args.filter((a, i) => a === '-i' && i < card).length - 1;
    const closingAt = chains.findIndex((c) => c.includes('trim=duration=2[') && c.includes('pad='));
    const cardAt = chains.findIndex((c) => c.startsWith(`[${cardInput}:v]`));
    const logoAt = chains.findIndex((c) => c.includes('overlay=x=W-w-24:y=24'));
    expect(chains[cardAt]).toContain('pad=540:960:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p,fps=30,tpad=stop_mode=clone:stop_duration=2.5,trim=duration=2.5');
    expect(closingAt).toBeGreaterThan(-1);
    expect(logoAt).toBeGreaterThan(closingAt);
    expect(cardAt).toBeGreaterThan(logoAt);
    expect(chains[cardAt + 1]).toMatch(/concat=n=2:v=1:a=0/);
    expect(graph).toContain('atrim=duration=14.5,loudnorm');
    expect(args.join(' ')).toContain('-t 14.5 -movflags');
    expect(graphOf(compileComposition(clips, { profile: 'preview', outputPath: '/o.mp4' }).args)).not.toContain('colorchannelmixer');
  });

  it('chains xfade transitions at the right offsets', () => {
    const scenes: CompositionInput = {
      background: {
        kind: 'scenes',
        scenes: [
          { imagePath: '/a.png', duration: 2 },
          { imagePath: '/b.png', duration: 3, zoom: false },
          { imagePath: '/c.png', duration: 2 },
        ],
        transition: 'smoothleft',
        transitionDuration: 0.5,
      },
    };
    const { args, duration } = compileComposition(scenes, { profile: 'preview', outputPath: '/o.mp4' });
    expect(duration).toBe(6);
    const graph = graphOf(args);
    expect(graph).toContain('xfade=transition=smoothleft:duration=0.5:offset=1.5');
    expect(graph).toContain('xfade=transition=smoothleft:duration=0.5:offset=4');
    expect(graph.match(/zoompan/g)).toHaveLength(2);
  });

  it('returns the ASS script to write and ducks the music under the voice', () => {
    const { args, files } = compileComposition(clips, { profile: 'final', outputPath: '/out/final.mp4' });
    expect(files).toEqual([{ path: '/out/final.mp4.ass', contents: expect.stringContaining('Dialogue:') }]);
    const graph = graphOf(args);
    expect(graph).toContain('ass=filename=/out/final.mp4.ass');
    expect(graph).toMatch(/sidechaincompress.*amix.*loudnorm=I=-14:TP=-1.5:LRA=11/);
  });

  it('points libass at an extra font folder, escaped for the filter graph', () => {
    const { args } = compileComposition(clips, { profile: 'preview', outputPath: '/o.mp4', fontsDir: '/srv/fonts:extra' });
    expect(graphOf(args)).toContain('ass=filename=/o.mp4.ass:fontsdir=/srv/fonts\\\\:extra');
  });

  it('gives a silent track when there is neither voice nor music', () => {
    const { args, files } = compileComposition({ background: clips.background }, { profile: 'preview', outputPath: '/o.mp4' });
    expect(files).toEqual([]);
    expect(graphOf(args)).toContain('anullsrc=r=48000:cl=stereo,atrim=duration=4');
  });
});

describe('clipSegments', () => {
  const bg = (fit: 'loop' | 'trim') => ({
    kind: 'clips' as const,
    fit,
    clips: [
      { path: '/a.mp4', duration: 5, trimStart: 1, trimEnd: 4 },
      { path: '/b.mp4', duration: 2, trimStart: 0 },
    ],
  });

  it('loops the clip sequence and cuts the last piece', () => {
    expect(clipSegments(bg('loop'), 9)).toEqual([
      { path: '/a.mp4', start: 1, length: 3 },
      { path: '/b.mp4', start: 0, length: 2 },
      { path: '/a.mp4', start: 1, length: 3 },
      { path: '/b.mp4', start: 0, length: 1 },
    ]);
  });

  it('plays the clips once when trimming', () => {
    expect(clipSegments(bg('trim'), 9)).toHaveLength(2);
    expect(clipSegments(bg('trim'), 2)).toEqual([{ path: '/a.mp4', start: 1, length: 2 }]);
  });

  it('gives a clip with a fixed length exactly that slot: a longer source is cut, a shorter one held', () => {
    const timed = {
      kind: 'clips' as const,
      fit: 'trim' as const,
      clips: [
        { path: '/long.mp4', duration: 5, trimStart: 0, length: 1.5 },
        { path: '/short.mp4', duration: 1, trimStart: 0, length: 2.5 },
        { path: '/free.mp4', duration: 2, trimStart: 0 },
      ],
    };
    expect(clipSegments(timed, 10)).toEqual([
      { path: '/long.mp4', start: 0, length: 1.5, span: 1.5 },
      { path: '/short.mp4', start: 0, length: 1, span: 2.5 },
      { path: '/free.mp4', start: 0, length: 2 },
    ]);
    // The total cuts into the slot that runs past it.
    expect(clipSegments(timed, 3)).toEqual([
      { path: '/long.mp4', start: 0, length: 1.5, span: 1.5 },
      { path: '/short.mp4', start: 0, length: 1, span: 1.5 },
    ]);
  });

  it('pads and cuts each fixed slot on its own and takes the length from the slots', () => {
    const doc: CompositionInput = {
      background: {
        kind: 'clips',
        fit: 'trim',
        clips: [
          { path: '/a.mp4', duration: 5, length: 1.5 },
          { path: '/b.mp4', duration: 1, length: 2.5 },
        ],
      },
    };
    const { args, duration } = compileComposition(doc, { profile: 'preview', outputPath: '/o.mp4' });
    expect(duration).toBe(4);
    expect(args.join(' ')).toContain('-ss 0 -t 1.5');
    expect(args.join(' ')).toContain('-ss 0 -t 1');
    const graph = graphOf(args);
    expect(graph).toContain('tpad=stop_mode=clone:stop_duration=1.5,trim=duration=1.5');
    expect(graph).toContain('tpad=stop_mode=clone:stop_duration=2.5,trim=duration=2.5');
    expect(graph).toContain('concat=n=2:v=1:a=0');
  });

  it('does not loop a single clip with a fixed length through the demuxer', () => {
    const doc: CompositionInput = { duration: 3, background: { kind: 'clips', clips: [{ path: '/a.mp4', duration: 1, length: 3 }] } };
    const { args } = compileComposition(doc, { profile: 'preview', outputPath: '/o.mp4' });
    expect(args).not.toContain('-stream_loop');
    expect(graphOf(args)).toContain('tpad=stop_mode=clone:stop_duration=3');
  });
});

describe('escapeFilterValue', () => {
  it('escapes for the option parser, then for the graph parser', () => {
    expect(escapeFilterValue('/tmp/a:b.ass')).toBe('/tmp/a\\\\:b.ass');
    expect(escapeFilterValue("/tmp/it's,[x];y")).toBe("/tmp/it\\\\\\'s\\,\\[x\\]\\;y");
  });
});
