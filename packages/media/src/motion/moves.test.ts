import { describe, expect, it } from 'vitest';
import { fitClipArgs, motionClipArgs, motionFrames } from './motion.ts';
import { choreographies, motionFromPrompt, motionMoves } from './moves.ts';

describe('camera move from the prompt', () => {
  it.each([
    ['Slow zoom in on the serum bottle', 'push-in'],
    ['Extreme close-up of the watch face', 'push-in'],
    ['Pull back to reveal the whole kitchen', 'pull-out'],
    ['Wide shot of the beach at sunset', 'pull-out'],
    ['Camera pans left across the shelf', 'pan-left'],
    ['The sneakers slide to the right', 'pan-right'],
    ['Steam rises from the coffee cup', 'tilt-up'],
    ['Tilt down from the sky to the storefront', 'tilt-down'],
    ['Honey pours down over the pancakes', 'tilt-down'],
    ['Showcase the headphones on a turntable', 'orbit'],
  ] as const)('%s → %s', (prompt, move) => {
    expect(motionFromPrompt(prompt)).toBe(move);
  });

  it('takes the cue that comes first, and the longer one where two start together', () => {
    expect(motionFromPrompt('Zoom in on the logo, then pull back')).toBe('push-in');
    expect(motionFromPrompt('Pull back from the logo, then zoom in')).toBe('pull-out');
    expect(motionFromPrompt('A close-up of the ring')).toBe('push-in');
  });

  it('gives a prompt without a cue a repeatable move, and different prompts different moves', () => {
    const prompts = ['A red handbag on marble', 'Fresh lemons in a bowl', 'A laptop on a desk', 'Perfume with roses', 'A cat on a sofa', 'Glass of orange juice', 'Running shoes'];
    const moves = prompts.map(motionFromPrompt);
    expect(prompts.map(motionFromPrompt)).toEqual(moves);
    expect(motionFromPrompt('  a RED handbag   on marble ')).toBe(moves[0]);
    expect(new Set(moves).size).toBeGreaterThanOrEqual(3);
  });

  it('sends a pan that names no side one way or the other, the same way every time', () => {
    const sides = ['Pan across the bakery', 'Slow pan over the vineyard', 'Tracking shot of the bike', 'Slide past the jewels'].map(motionFromPrompt);
    for (const side of sides) expect(['pan-left', 'pan-right']).toContain(side);
    expect(motionFromPrompt('Pan across the bakery')).toBe(sides[0]);
  });
});

describe('choreography', () => {
  // The window is linear in the pose and the bounds are concave, so checking both ends covers the whole move.
  it.each(motionMoves)('%s: the camera and backdrop windows stay inside the picture, so no edge is smeared', (move) => {
    const { camera, backdrop } = choreographies[move];
    for (const pose of [...camera, ...backdrop]) {
      expect(1 + 2 * Math.abs(pose.x)).toBeLessThanOrEqual(pose.zoom + 1e-9);
      expect(1 + Math.abs(pose.turn) + 2 * Math.abs(pose.y)).toBeLessThanOrEqual(pose.zoom + 1e-9);
    }
  });
});

describe('motion clip arguments', () => {
  const base = { imagePath: '/tmp/still.png', outputPath: '/tmp/out.mp4', seconds: 7 };

  it('picks the move from the prompt unless one is given, and renders exactly seconds × 30 frames, silent', () => {
    const { args, move } = motionClipArgs({ ...base, prompt: 'zoom in on the bottle' });
    expect(move).toBe('push-in');
    expect(motionClipArgs({ ...base, prompt: 'zoom in on the bottle', move: 'tilt-up' }).move).toBe('tilt-up');
    expect(args.slice(args.indexOf('-frames:v'), args.indexOf('-frames:v') + 2)).toEqual(['-frames:v', '210']);
    expect(args).toContain('-an');
    expect(args.join(' ')).toContain('-movflags +faststart');
    expect(args.join(' ')).toContain('-protocol_whitelist file,pipe -i /tmp/still.png');
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('eval=frame');
    expect(args.at(-1)).toBe('/tmp/out.mp4');
    expect(motionFrames(2.5)).toBe(75);
  });

  it('refuses paths that are not local and absolute, lengths out of range and unknown moves', () => {
    expect(() => motionClipArgs({ ...base, prompt: '', imagePath: 'https://example.com/a.png' })).toThrow();
    expect(() => motionClipArgs({ ...base, prompt: '', outputPath: 'out.mp4' })).toThrow();
    expect(() => motionClipArgs({ ...base, prompt: '', seconds: 0 })).toThrow(/seconds/);
    expect(() => motionClipArgs({ ...base, prompt: '', seconds: Number.NaN })).toThrow(/seconds/);
    expect(() => motionClipArgs({ ...base, prompt: '', seconds: 120 })).toThrow(/seconds/);
    expect(() => motionClipArgs({ ...base, prompt: '', move: 'spin' as never })).toThrow(/unknown camera move/);
    expect(() => fitClipArgs('/tmp/in.mp4', 'relative.mp4', 5)).toThrow();
  });
});
