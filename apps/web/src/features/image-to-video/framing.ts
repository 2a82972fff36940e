import type { ImageFocus } from '@reelsmith/contracts';

interface Size {
  width: number;
  height: number;
}

/** One arrow key press moves the window by this share of what overflows. */
export const nudgeStep = 0.05;

/**
 * How many pixels of an image scaled to cover `frame` stick out past it on each axis. The video crops the same way
 * (scale to cover, then a window at the focus), so this is the room the user has to move the picture.
 */
export function overflow(image: Size, frame: Size): { x: number; y: number } {
  const scale = Math.max(frame.width / image.width, frame.height / image.height);
  return { x: image.width * scale - frame.width, y: image.height * scale - frame.height };
}

/** Sub-pixel overflow is rounding, not room to move: an exact 9:16 image stays put. */
export const movable = (room: { x: number; y: number }) => ({ x: room.x >= 1, y: room.y >= 1 });

// Two decimals are what the form sends, and they keep repeated 5 % steps from drifting (0.1 + 0.05 …).
const settle = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;

/**
 * The focus after dragging the picture by `delta` pixels from where the drag began. The picture follows the pointer,
 * so dragging right brings its left side into view (the window moves left).
 */
export function dragged(start: ImageFocus, delta: { x: number; y: number }, room: { x: number; y: number }): ImageFocus {
  const can = movable(room);
  return {
    x: can.x ? settle(start.x - delta.x / room.x) : start.x,
    y: can.y ? settle(start.y - delta.y / room.y) : start.y,
  };
}

const steps: Record<string, { axis: 'x' | 'y'; by: number }> = {
  ArrowLeft: { axis: 'x', by: -nudgeStep },
  ArrowRight: { axis: 'x', by: nudgeStep },
  ArrowUp: { axis: 'y', by: -nudgeStep },
  ArrowDown: { axis: 'y', by: nudgeStep },
};

/** The focus after an arrow key (the window moves the arrow's way), or null for any other key or a fixed axis. */
export function nudged(focus: ImageFocus, key: string, room: { x: number; y: number }): ImageFocus | null {
  const step = steps[key];
  if (!step || !movable(room)[step.axis]) return null;
  return { ...focus, [step.axis]: settle(focus[step.axis] + step.by) };
}

/**
 * CSS object-position puts the point p% across the image on the point p% across the box, i.e. offsets the image by
 * (box - image) × p: the same window as the video's crop at (iw - ow) × focus.
 */
export const objectPosition = (focus: ImageFocus) => `${focus.x * 100}% ${focus.y * 100}%`;
