import { localPathSchema, transitionNames, type TransitionName } from '../composition.ts';
import { sec } from '../filtergraph.ts';
import { captionFilter } from './caption.ts';
import { motionFrame } from './layers.ts';
import { intermediateVideo, motionFrames } from './motion.ts';

/**
 * The last frame of a clip as a PNG: the start of the next generation when a scene is longer than one clip. Seeking
 * to one second before the end and letting `-update` overwrite the image leaves the last frame decoded, whatever
 * the clip's frame rate or where its last keyframe is.
 */
export function lastFrameArgs(inputPath: string, outputPath: string): string[] {
  return [
    '-hide_banner', '-nostdin', '-y',
    '-sseof', '-1', '-protocol_whitelist', 'file,pipe', '-i', localPathSchema.parse(inputPath),
    '-map', '0:v:0', '-update', '1', '-c:v', 'png',
    localPathSchema.parse(outputPath),
  ];
}

/**
 * The xfade each transition name plays between two scenes. xfade's smooth wipes blend both moving scenes across a
 * wide band, which reads as ghosting between two moving shots; between scenes "Smooth" is a slide, the next scene
 * pushing the last one out.
 */
const joinXfade: Record<TransitionName, string> = { fade: 'fade', wipeleft: 'wipeleft', wiperight: 'wiperight', smoothleft: 'slideleft', smoothright: 'slideright' };

export interface JoinPart {
  /** A 1080x1920 clip at the motion frame rate, as `fitClipArgs` and `motionClipArgs` make them. */
  path: string;
  seconds: number;
  /** How this part comes in over the end of the previous one; a plain cut without. Ignored on the first part. */
  transition?: { name: TransitionName; seconds: number };
  /** Text set on the video from this part on, through the parts that continue its scene (see joinedCaptions). */
  caption?: string;
  /** A short tag in the top-left corner for this part's scene (Before, After), timed like its caption. */
  label?: string;
}

/** The joined length: each transition overlaps two parts. */
export function joinedSeconds(parts: readonly JoinPart[]): number {
  return parts.reduce((total, part, i) => total + part.seconds - (i > 0 && part.transition ? part.transition.seconds : 0), 0);
}

/**
 * Several fitted clips as one 1080x1920 H.264 MP4: cuts where a part has no transition (the pieces of one chained
 * scene), xfade where it has one (between scenes). Each part is first held to exactly its frames, so the offsets of
 * the transitions are exact whatever the clip's own length. `captionsPath` is an ASS script of the parts' captions
 * (captionAss of joinedCaptions), burnt on in the same encode. The result is the project's video, which the final render
 * encodes again like any video the user brings, so it is encoded as an intermediate too.
 */
export function joinClipsArgs(parts: readonly JoinPart[], outputPath: string, options: { captionsPath?: string } = {}): string[] {
  if (parts.length === 0) throw new Error('nothing to join');
  const { fps } = motionFrame;
  const inputs: string[] = [];
  const chains: string[] = [];
  parts.forEach((part, i) => {
    inputs.push('-protocol_whitelist', 'file,pipe', '-i', localPathSchema.parse(part.path));
    chains.push(`[${i}:v]fps=${fps},setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop_duration=${sec(part.seconds)},trim=end_frame=${motionFrames(part.seconds)},setpts=PTS-STARTPTS[p${i}]`);
  });
  let joined = 'p0';
  let length = parts[0]!.seconds;
  parts.slice(1).forEach((part, index) => {
    const i = index + 1;
    const transition = part.transition;
    if (transition) {
      if (!transitionNames.includes(transition.name)) throw new Error(`unknown transition: ${String(transition.name)}`);
      if (transition.seconds >= Math.min(length, part.seconds)) throw new Error('a transition must be shorter than the parts it joins');
      const offset = length - transition.seconds;
      chains.push(`[${joined}][p${i}]xfade=transition=${joinXfade[transition.name]}:duration=${sec(transition.seconds)}:offset=${sec(offset)}[j${i}]`);
      length = offset + part.seconds;
    } else {
      chains.push(`[${joined}][p${i}]concat=n=2:v=1:a=0[j${i}]`);
      length += part.seconds;
    }
    joined = `j${i}`;
  });
  const captions = options.captionsPath ? `${captionFilter(localPathSchema.parse(options.captionsPath))},` : '';
  chains.push(`[${joined}]${captions}format=yuv420p[video]`);
  return [
    '-hide_banner', '-nostdin', '-y',
    ...inputs,
    '-filter_complex', chains.join(';'), '-map', '[video]',
    ...intermediateVideo,
    '-r', String(fps), '-frames:v', String(Math.round(length * fps)),
    '-movflags', '+faststart', '-an',
    localPathSchema.parse(outputPath),
  ];
}
