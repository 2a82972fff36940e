/**
 * Camera moves of the offline motion renderer, named the way a cinematographer would: the camera moves, so on a
 * pan-left the picture slides right and on a tilt-up it slides down.
 */
export const motionMoves = ['push-in', 'pull-out', 'pan-left', 'pan-right', 'tilt-up', 'tilt-down', 'orbit'] as const;
export type MotionMove = (typeof motionMoves)[number];

/**
 * Where a layer is looked at: `zoom` (1 = the whole frame), how far its content is shifted (x, y: fractions of the
 * frame's width and height, positive to the right and down) and `turn`, a keystone that makes the right side nearer
 * (positive) or farther (negative), which reads as the camera circling the subject.
 */
export interface Pose {
  zoom: number;
  x: number;
  y: number;
  turn: number;
}

/**
 * A move is two transforms between a start and an end pose: `camera` acts on the whole picture and `backdrop` on the
 * blurred backdrop alone before the card is laid over it. The backdrop's own pose cancels part of the camera's, so it
 * travels less than the card (or, circling, the other way): the parallax that makes the card read as nearer.
 */
export interface Choreography {
  camera: readonly [Pose, Pose];
  backdrop: readonly [Pose, Pose];
}

const pose = (zoom: number, x = 0, y = 0, turn = 0): Pose => ({ zoom, x, y, turn });

export const choreographies: Record<MotionMove, Choreography> = {
  'push-in': { camera: [pose(1), pose(1.12)], backdrop: [pose(1.08), pose(1)] },
  'pull-out': { camera: [pose(1.12), pose(1)], backdrop: [pose(1), pose(1.08)] },
  'pan-left': { camera: [pose(1.1, -0.045), pose(1.12, 0.045)], backdrop: [pose(1.08, 0.025), pose(1.08, -0.025)] },
  'pan-right': { camera: [pose(1.1, 0.045), pose(1.12, -0.045)], backdrop: [pose(1.08, -0.025), pose(1.08, 0.025)] },
  'tilt-up': { camera: [pose(1.1, 0, -0.045), pose(1.12, 0, 0.045)], backdrop: [pose(1.08, 0, 0.025), pose(1.08, 0, -0.025)] },
  'tilt-down': { camera: [pose(1.1, 0, 0.045), pose(1.12, 0, -0.045)], backdrop: [pose(1.08, 0, -0.025), pose(1.08, 0, 0.025)] },
  orbit: { camera: [pose(1.12, 0.04, 0, 0.04), pose(1.12, -0.04, 0, -0.04)], backdrop: [pose(1.14, -0.06), pose(1.14, 0.06)] },
};

type Cue = [MotionMove | 'pan', RegExp];

/** Words that ask for a move. A bare "pan" or "slide" names no side, so the prompt's hash picks one. */
const cues: Cue[] = [
  ['push-in', /\b(zoom(s|ing)? in(to)?|push(es|ing)? in|dolly in|close[- ]?ups?|closer|close|details?|macro|focus(es|ing)? on|approach(es|ing)?)\b/],
  ['pull-out', /\b(zoom(s|ing)? out|pull(s|ing)? (back|out|away)|dolly out|reveal(s|ing)?|wide|widen(s|ing)?|establishing|panorama)\b/],
  ['pan-left', /\b((pan(s|ning)?|slid(e|es|ing)|mov(e|es|ing)|track(s|ing)?) (to the )?left|leftwards?)\b/],
  ['pan-right', /\b((pan(s|ning)?|slid(e|es|ing)|mov(e|es|ing)|track(s|ing)?) (to the )?right|rightwards?)\b/],
  ['pan', /\b(pan(s|ning)?|slid(e|es|ing)|track(s|ing)?|glid(e|es|ing)|sideways|across)\b/],
  ['tilt-up', /\b(tilt(s|ing)? up|ris(e|es|ing)|ascend(s|ing)?|lift(s|ing)?|upwards?|up|soar(s|ing)?|climb(s|ing)?|crane up)\b/],
  ['tilt-down', /\b(tilt(s|ing)? down|descend(s|ing)?|downwards?|down|fall(s|ing)?|drop(s|ping)?|sink(s|ing)?|pour(s|ing)?)\b/],
  ['orbit', /\b(orbit(s|ing)?|rotat(e|es|ing|ion)|spin(s|ning)?|around|turntable|360|showcas(e|es|ing)|revolv(e|es|ing)|circl(e|es|ing))\b/],
];

/**
 * The move a prompt asks for: the cue that comes first in it wins ("zoom in, then pull back" pushes in), the longer
 * one when two start at the same word ("close-up" over "close", "pan left" over "pan"). A prompt without a cue gets a
 * move from its hash, so prompts vary but the same prompt always moves the same way.
 */
export function motionFromPrompt(prompt: string): MotionMove {
  const text = prompt.toLowerCase().replace(/\s+/g, ' ').trim();
  const hash = fnv1a(text);
  let best: { move: Cue[0]; index: number; length: number } | undefined;
  for (const [move, pattern] of cues) {
    const match = pattern.exec(text);
    if (!match) continue;
    const earlier = !best || match.index < best.index;
    if (earlier || (match.index === best!.index && match[0].length > best!.length)) {
      best = { move, index: match.index, length: match[0].length };
    }
  }
  if (best?.move === 'pan') return hash % 2 === 0 ? 'pan-left' : 'pan-right';
  return best?.move ?? motionMoves[hash % motionMoves.length]!;
}

/** 32-bit FNV-1a: tiny, stable across runs and platforms, and spreads near-identical prompts apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}
