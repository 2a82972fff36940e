import type { Composition } from '../composition.ts';
import { sec, type GraphBuilder } from '../filtergraph.ts';

export const targetLoudness = { integrated: -14, truePeak: -1.5, range: 11 } as const;

const sampleRate = 48000;
const normalise = `aresample=${sampleRate},aformat=sample_fmts=fltp:channel_layouts=stereo`;
/** Music drops by roughly 15 dB within 20 ms of speech and comes back over 400 ms once the voice pauses. */
const duck = 'sidechaincompress=threshold=0.02:ratio=12:attack=20:release=400';

/**
 * Voice and music mixed to `duration` and normalised to -14 LUFS in one pass; loudnorm works at 192 kHz internally,
 * hence the resample after it. Without any source the output still gets a silent track, as players expect one.
 */
export function soundtrack(
  g: GraphBuilder,
  voiceover: Composition['voiceover'],
  music: Composition['music'],
  duration: number,
): string {
  const length = sec(duration);
  const voice = voiceover && g.chain([`${g.input(voiceover.path)}:a`], `${normalise},apad=whole_dur=${length}`, 'a');
  const bed =
    music &&
    g.chain(
      [`${g.input(music.path, ['-stream_loop', '-1'])}:a`],
      `${normalise},volume=${music.volume},atrim=duration=${length}`,
      'a',
    );

  let mix: string;
  if (voice && bed) {
    let under = bed;
    let over = voice;
    if (music.duck) {
      over = g.label('a');
      const key = g.label('a');
      g.chains.push(`[${voice}]asplit=2[${over}][${key}]`);
      under = g.chain([bed, key], duck, 'a');
    }
    mix = g.chain([over, under], 'amix=inputs=2:duration=first:normalize=0', 'a');
  } else if (voice ?? bed) {
    mix = (voice ?? bed)!;
  } else {
    return g.chain([], `anullsrc=r=${sampleRate}:cl=stereo,atrim=duration=${length}`, 'a');
  }
  const { integrated, truePeak, range } = targetLoudness;
  return g.chain(
    [mix],
    `atrim=duration=${length},loudnorm=I=${integrated}:TP=${truePeak}:LRA=${range},aresample=${sampleRate}`,
    'a',
  );
}
