import { localPathSchema, transitionNames, type TransitionName } from './composition.ts';
import { sec } from './filtergraph.ts';

/**
 * The short clip that shows what a scene transition looks like (SPEC §3: each effect has a preview clip): two
 * built-in cards, a violet one with a white band and a coral one with a white grid, so the direction of a wipe or
 * slide is visible. Small and silent: it plays in a page next to the effect select.
 */
export const effectPreview = { width: 270, height: 480, fps: 24, cardSeconds: 1.5, transitionSeconds: 0.8 } as const;

/** Length of the preview: two cards overlapping for the transition. */
export const effectPreviewSeconds = 2 * effectPreview.cardSeconds - effectPreview.transitionSeconds;

export function effectPreviewArgs(transition: TransitionName, outputPath: string): string[] {
  if (!transitionNames.includes(transition)) throw new Error(`unknown transition: ${String(transition)}`);
  const { width, height, fps, cardSeconds, transitionSeconds } = effectPreview;
  const card = (colour: string) => `color=c=${colour}:s=${width}x${height}:r=${fps}:d=${sec(cardSeconds)}`;
  const band = `drawbox=x=0:y=ih*2/5:w=iw:h=ih/5:color=white@0.9:t=fill`;
  const grid = `drawgrid=w=iw/5:h=iw/5:t=6:c=white@0.85`;
  const graph = [
    `[0:v]${band},format=yuv420p[a]`,
    `[1:v]${grid},format=yuv420p[b]`,
    `[a][b]xfade=transition=${transition}:duration=${sec(transitionSeconds)}:offset=${sec(cardSeconds - transitionSeconds)},format=yuv420p[v]`,
  ].join(';');
  return [
    '-hide_banner', '-nostdin', '-y',
    '-f', 'lavfi', '-i', card('0x7c3aed'),
    '-f', 'lavfi', '-i', card('0xf97316'),
    '-filter_complex', graph, '-map', '[v]',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an',
    localPathSchema.parse(outputPath),
  ];
}
