import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, frameAt, near, pixel, tempDir, type RgbFrame } from '../../test/fixtures.ts';
import type { CompositionInput, Focus } from '../composition.ts';
import { renderComposition } from '../render.ts';
import { cover, kenBurns } from './video.ts';

const red = '#FF0000';
const blue = '#0000FF';
const grey = '#808080';

let dir: string;
let cleanup: () => Promise<void>;
/** One render, one scene per framing: each is alone on screen from 0.25 s to 1 s of its second. */
const frames: RgbFrame[] = [];

/** A grey still with a red band on its first edge and a blue one on its last, along `axis`. */
async function banded(name: string, width: number, height: number, axis: 'x' | 'y'): Promise<string> {
  const path = join(dir, name);
  const [first, last] =
    axis === 'x' ? ['x=0:y=0:w=80:h=ih', 'x=iw-80:y=0:w=80:h=ih'] : ['x=0:y=0:w=iw:h=100', 'x=0:y=ih-100:w=iw:h=100'];
  const filter = `drawbox=${first}:c=red:t=fill,drawbox=${last}:c=blue:t=fill`;
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=0x808080:s=${width}x${height}:d=1`, '-vf', filter, '-frames:v', '1', path]);
  return path;
}

const scenes: { image: 'photo' | 'tall'; focus?: Focus; zoom: boolean }[] = [
  { image: 'photo', zoom: false },
  { image: 'photo', focus: { x: 0, y: 0.5 }, zoom: false },
  { image: 'photo', focus: { x: 1, y: 0.5 }, zoom: true },
  { image: 'tall', focus: { x: 0.5, y: 0 }, zoom: true },
  { image: 'tall', focus: { x: 0.5, y: 1 }, zoom: false },
];

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  // A 4:5 photo overflows 9:16 sideways; a 3:8 screenshot overflows it up and down.
  const images = { photo: await banded('photo.png', 800, 1000, 'x'), tall: await banded('tall.png', 600, 1600, 'y') };
  const doc: CompositionInput = {
    background: {
      kind: 'scenes',
      transition: 'fade',
      transitionDuration: 0.25,
      scenes: scenes.map((s) => ({ imagePath: images[s.image], duration: 1.25, zoom: s.zoom, ...(s.focus ? { focus: s.focus } : {}) })),
    },
  };
  const outputPath = join(dir, 'framed.mp4');
  await renderComposition(doc, { profile: 'preview', outputPath });
  // Late in each scene, so a zoomed one has closed in most of the way.
  for (let i = 0; i < scenes.length; i++) frames.push(await frameAt(outputPath, i + 0.9, 540, 960));
}, 60_000);
afterAll(() => cleanup());

// 70 px in: a framed band (77 px wide in the frame, 90 px tall) reaches that far, but would not if the zoom closed in
// on the centre and pushed the band out of the picture.
const left = (f: RgbFrame) => pixel(f, 70, 480);
const right = (f: RgbFrame) => pixel(f, 470, 480);
const top = (f: RgbFrame) => pixel(f, 270, 70);
const bottom = (f: RgbFrame) => pixel(f, 270, 890);

describe('scene framing in real frames', () => {
  it('centres a 4:5 photo without a focus, so neither side band shows', () => {
    expect(near(left(frames[0]!), grey)).toBe(true);
    expect(near(right(frames[0]!), grey)).toBe(true);
  });

  it('shows the left edge at x 0 and the right edge at x 1, zooming or not', () => {
    expect(near(left(frames[1]!), red)).toBe(true);
    expect(near(right(frames[1]!), grey)).toBe(true);
    expect(near(right(frames[2]!), blue)).toBe(true);
    expect(near(left(frames[2]!), grey)).toBe(true);
  });

  it('shows the top of a tall image at y 0 and its bottom at y 1, zooming or not', () => {
    expect(near(top(frames[3]!), red)).toBe(true);
    expect(near(bottom(frames[3]!), grey)).toBe(true);
    expect(near(bottom(frames[4]!), blue)).toBe(true);
    expect(near(top(frames[4]!), grey)).toBe(true);
  });
});

describe('framing filters', () => {
  const frame = { width: 540, height: 960, fps: 30, k: 0.5 };

  it('crops at the focus share of the overflow, centred by default', () => {
    expect(cover(frame)).toContain('crop=540:960:(iw-ow)*0.5:(ih-oh)*0.5');
    expect(cover(frame, { x: 0.25, y: 1 })).toContain('crop=540:960:(iw-ow)*0.25:(ih-oh)*1');
  });

  it('anchors the zoom window at the focus', () => {
    expect(kenBurns(frame, 90, { x: 0, y: 0.3333 })).toContain("x='(iw-iw/zoom)*0':y='(ih-ih/zoom)*0.333'");
  });
});
