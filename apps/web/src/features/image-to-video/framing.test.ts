import { centredImage, formatImageFocus, parseImageFocus } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { dragged, nudged, objectPosition, overflow } from './framing.ts';

const frame = { width: 90, height: 160 };
/** A 4:5 photo covers the frame at 160 px tall, 128 px wide: 38 px to spare sideways. */
const photo = overflow({ width: 800, height: 1000 }, frame);
/** A 3:8 screenshot covers it at 90 px wide, 240 px tall: 80 px to spare up and down. */
const tall = overflow({ width: 600, height: 1600 }, frame);

describe('image framing', () => {
  it('finds the room to move on the axis a 4:5 photo or a tall screenshot overflows, and none for 9:16', () => {
    expect(photo.x).toBeCloseTo(38);
    expect(photo.y).toBeCloseTo(0);
    expect(tall.x).toBeCloseTo(0);
    expect(tall.y).toBeCloseTo(80);
    const exact = overflow({ width: 1080, height: 1920 }, frame);
    expect(nudged(centredImage, 'ArrowLeft', exact)).toBeNull();
    expect(nudged(centredImage, 'ArrowUp', exact)).toBeNull();
  });

  it('moves the window with the arrows by 5 %, only along the axis with room, and stops at the edges', () => {
    expect(nudged(centredImage, 'ArrowLeft', photo)).toEqual({ x: 0.45, y: 0.5 });
    expect(nudged(centredImage, 'ArrowRight', photo)).toEqual({ x: 0.55, y: 0.5 });
    expect(nudged(centredImage, 'ArrowUp', photo)).toBeNull();
    expect(nudged(centredImage, 'ArrowDown', tall)).toEqual({ x: 0.5, y: 0.55 });
    expect(nudged(centredImage, 'Enter', tall)).toBeNull();
    let focus = centredImage;
    for (let i = 0; i < 12; i++) focus = nudged(focus, 'ArrowUp', tall)!;
    expect(focus).toEqual({ x: 0.5, y: 0 });
  });

  it('drags the picture with the pointer: dragging down by the whole room shows the top', () => {
    expect(dragged(centredImage, { x: 0, y: 40 }, tall)).toEqual({ x: 0.5, y: 0 });
    expect(dragged(centredImage, { x: 0, y: -20 }, tall)).toEqual({ x: 0.5, y: 0.75 });
    expect(dragged(centredImage, { x: 0, y: 500 }, tall)).toEqual({ x: 0.5, y: 0 });
    // The axis without room stays where it was, however the pointer wanders.
    expect(dragged(centredImage, { x: 19, y: 30 }, photo)).toEqual({ x: 0, y: 0.5 });
  });

  it('places the preview as the video crops it, and sends the focus as the form field the server reads', () => {
    expect(objectPosition({ x: 0, y: 0.25 })).toBe('0% 25%');
    expect(formatImageFocus({ x: 0, y: 0.25 })).toBe('0.00,0.25');
    expect(parseImageFocus(formatImageFocus({ x: 0.35, y: 1 }))).toEqual({ x: 0.35, y: 1 });
    for (const bad of ['1.01,0', '0.5', '-0,0', '0.5;0.5', 'NaN,0', '']) expect(parseImageFocus(bad)).toBeNull();
  });
});
