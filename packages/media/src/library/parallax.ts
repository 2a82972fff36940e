import { localPathSchema } from '../composition.ts';
import { sec } from '../filtergraph.ts';
import { encodedLoop, type LoopOutputs } from './field.ts';

/** A drawn scene as two pictures of the same size: the back (walls, sky) and the front (what stands nearer, on transparency). */
export interface ParallaxLayers {
  back: string;
  front: string;
  /** How much larger than the HD frame the pictures are: the room the camera has to move in. */
  overscan: number;
  seconds: number;
}

const fps = 24;

/**
 * ffmpeg arguments for a seamless loop over a drawn scene: the camera drifts round an ellipse once per loop, and the
 * front layer moves twice as far as the back, so the scene has depth. Two cropped stills and an overlay per frame cost
 * far less than a procedural field, which keeps the scenes' loops cheap on a first start.
 */
export function parallaxLoopArgs(layers: ParallaxLayers, outputs: LoopOutputs): string[] {
  if (!(layers.seconds >= 1 && layers.seconds <= 30)) throw new Error('a loop lasts 1 to 30 seconds');
  if (!(layers.overscan > 1 && layers.overscan < 1.5)) throw new Error('the layers are 1 to 1.5 times the frame');
  const frames = Math.round(layers.seconds * fps);
  const { width, height } = outputs.hd;
  const input = (path: string) => ['-framerate', String(fps), '-i', localPathSchema.parse(path)];
  // Each picture is decoded once and repeated in the graph: looping the input instead decoded both PNGs every frame.
  const held = `loop=loop=${frames - 1}:size=1:start=0,settb=1/${fps},setpts=N`;
  // The margin each side; the back uses half of it, the front all of it, both around the centre.
  const margin = { x: (width * (layers.overscan - 1)) / 2, y: (height * (layers.overscan - 1)) / 2 };
  const turn = `2*PI*n/${frames}`;
  const crop = (share: number) => `crop=${width}:${height}:x='${sec(margin.x)}+${sec(margin.x * share)}*sin(${turn})':y='${sec(margin.y)}+${sec(margin.y * share * 0.6)}*sin(2*${turn})'`;
  return encodedLoop(
    [...input(layers.back), ...input(layers.front)],
    [`[0:v]${held},${crop(0.45)},setsar=1[back]`, `[1:v]format=rgba,${held},${crop(0.95)},setsar=1[front]`, `[back][front]overlay=format=auto,format=yuv420p`],
    outputs,
    fps,
    frames,
  );
}
