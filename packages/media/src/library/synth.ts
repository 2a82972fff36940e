import { seededRandom } from './expressions.ts';

/**
 * A small additive synthesiser for the music library. Every note is written into a circular buffer exactly one
 * track long (a note that rings past the end continues at the start), and the echo runs round the buffer twice,
 * so the rendered track loops without a click or a missing tail.
 */
export type Mode = 'major' | 'minor';
export type Instrument = 'pad' | 'pluck' | 'bass' | 'bell' | 'kick' | 'snare' | 'hat' | 'clap';

export interface TrackRecipe {
  bpm: number;
  /** MIDI note of the key's root (60 = middle C). */
  root: number;
  mode: Mode;
  /** Scale degrees (1..7), one chord per bar, repeated for the whole track. */
  progression: readonly number[];
  /** Shortest length in seconds; the track is a whole number of progressions at least this long. */
  minSeconds: number;
  seed: number;
  /** Seventh chords for a jazzier colour. */
  sevenths?: boolean;
  parts: readonly Part[];
  /** Echo mix 0..1 (feedback delay of a dotted eighth). */
  echo?: number;
}

export interface Part {
  instrument: Instrument;
  /** Steps per bar (4 = quarters, 8 = eighths, 16 = sixteenths) and which of them sound ('x' on, '.' off). */
  pattern: string;
  gain: number;
  /** -1 left .. 1 right. */
  pan?: number;
  /** Octave offset from the key's root octave. */
  octave?: number;
  /** For pitched parts: which chord tones to walk through ('root', 'arp' up the chord, 'melody' seeded picks). */
  voicing?: 'chord' | 'root' | 'arp' | 'melody';
  /** Bars at the start of every 16 in which the part rests, for an arrangement that builds. */
  restBars?: number;
}

const scales: Record<Mode, number[]> = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };
const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** The MIDI notes of the chord on a scale degree (stacked thirds within the scale). */
export function chordNotes(recipe: Pick<TrackRecipe, 'root' | 'mode' | 'sevenths'>, degree: number): number[] {
  const scale = scales[recipe.mode];
  const size = recipe.sevenths ? 4 : 3;
  return Array.from({ length: size }, (_, k) => {
    const index = degree - 1 + 2 * k;
    return recipe.root + scale[index % 7]! + 12 * Math.floor(index / 7);
  });
}

export function trackLayout(recipe: Pick<TrackRecipe, 'bpm' | 'progression' | 'minSeconds'>, sampleRate: number) {
  const barSeconds = (4 * 60) / recipe.bpm;
  const cycle = recipe.progression.length;
  const bars = cycle * Math.ceil(recipe.minSeconds / (barSeconds * cycle));
  const barSamples = Math.round(barSeconds * sampleRate);
  return { bars, barSamples, frames: bars * barSamples, seconds: (bars * barSamples) / sampleRate };
}

/** One period of each timbre, read with linear interpolation: far cheaper than summing sines per sample. */
function table(harmonics: number[]): Float32Array {
  const size = 4096;
  const t = new Float32Array(size + 1);
  let peak = 0;
  for (let i = 0; i <= size; i++) {
    let v = 0;
    harmonics.forEach((a, h) => (v += a * Math.sin((2 * Math.PI * (h + 1) * i) / size)));
    t[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  return t.map((v) => v / peak);
}

const tables = {
  soft: table([1, 0.5, 0.33, 0.2, 0.12, 0.07]),
  warm: table([1, 0.35, 0.12, 0.05]),
  sine: table([1]),
};

const panGains = (pan: number): [number, number] => [Math.cos(((pan + 1) * Math.PI) / 4), Math.sin(((pan + 1) * Math.PI) / 4)];

class Bus {
  readonly left: Float32Array;
  readonly right: Float32Array;
  constructor(readonly frames: number) {
    this.left = new Float32Array(frames);
    this.right = new Float32Array(frames);
  }
  /** Adds one sample with precomputed pan gains at a frame index that wraps round the track. */
  add(frame: number, value: number, [l, r]: [number, number]) {
    const i = frame >= this.frames ? frame % this.frames : frame;
    this.left[i]! += value * l;
    this.right[i]! += value * r;
  }
}

interface Voice {
  start: number;
  midi: number;
  length: number;
  gain: number;
  pan: number;
}

/** The hot loop of every pitched note (pads alone are tens of millions of samples), so it writes the buffers directly. */
function tone(bus: Bus, v: Voice, sampleRate: number, wave: Float32Array, attack: number, decay: number, detune = 0) {
  const step = (hz(v.midi) * (1 + detune) * 4096) / sampleRate;
  const total = v.length + Math.round(decay * 3 * sampleRate);
  const [gl, gr] = panGains(v.pan);
  const attackSamples = Math.max(1, attack * sampleRate);
  const fall = Math.exp(-1 / (decay * sampleRate));
  const { left, right, frames } = bus;
  let release = v.gain;
  let phase = 0;
  let at = v.start % frames;
  for (let n = 0; n < total; n++) {
    if (n >= v.length) release *= fall;
    const env = n < attackSamples ? (n / attackSamples) * release : release;
    const i = phase | 0;
    const a = wave[i]!;
    const s = (a + (wave[i + 1]! - a) * (phase - i)) * env;
    left[at]! += s * gl;
    right[at]! += s * gr;
    if (++at === frames) at = 0;
    phase += step;
    if (phase >= 4096) phase -= 4096;
  }
}

function drum(bus: Bus, kind: Drum, start: number, gain: number, pan: number, sampleRate: number, random: () => number) {
  const seconds = { kick: 0.45, snare: 0.3, hat: 0.08, clap: 0.25 }[kind];
  const gains = panGains(pan);
  let phase = 0;
  let previous = 0;
  for (let n = 0; n < seconds * sampleRate; n++) {
    const t = n / sampleRate;
    let s: number;
    if (kind === 'kick') {
      phase += (2 * Math.PI * (45 + 75 * Math.exp(-t / 0.04))) / sampleRate;
      s = Math.sin(phase) * Math.exp(-t / 0.18);
    } else {
      const noise = random() * 2 - 1;
      const bright = noise - previous; // a first difference: keeps the hiss, drops the rumble
      previous = noise;
      if (kind === 'hat') s = bright * 0.5 * Math.exp(-t / 0.018);
      else if (kind === 'snare') s = (bright * 0.45 + Math.sin(2 * Math.PI * 185 * t) * 0.5) * Math.exp(-t / 0.07);
      else s = bright * 0.5 * (Math.exp(-t / 0.05) + 0.6 * Math.exp(-((t - 0.012) ** 2) / 0.00002));
    }
    bus.add(start + n, s * gain, gains);
  }
}

/** A dotted-eighth feedback echo, run round the circular buffer twice so the loop point carries its own tail. */
function echo(bus: Bus, mix: number, delay: number) {
  const out = [new Float32Array(bus.frames), new Float32Array(bus.frames)];
  const feedback = 0.35;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < bus.frames; i++) {
      const j = (i - delay + bus.frames) % bus.frames;
      out[0]![i] = bus.right[j]! * mix + out[1]![j]! * feedback;
      out[1]![i] = bus.left[j]! * mix + out[0]![j]! * feedback;
    }
  }
  for (let i = 0; i < bus.frames; i++) {
    bus.left[i]! += out[0]![i]!;
    bus.right[i]! += out[1]![i]!;
  }
}

type Drum = 'kick' | 'snare' | 'hat' | 'clap';
const isDrum = (instrument: Instrument): instrument is Drum => ['kick', 'snare', 'hat', 'clap'].includes(instrument);

function notesFor(part: Part, chord: number[], step: number, random: () => number): number[] {
  const octave = 12 * (part.octave ?? 0);
  if (part.voicing === 'root') return [chord[0]! + octave];
  if (part.voicing === 'arp') return [chord[step % chord.length]! + octave];
  if (part.voicing === 'melody') return [chord[Math.floor(random() * chord.length)]! + octave + 12 * Math.floor(random() * 2)];
  return chord.map((note) => note + octave);
}

function pitched(bus: Bus, part: Part, at: { start: number; stepSamples: number; barSamples: number; notes: number[]; pan: number }, sampleRate: number) {
  for (const midi of at.notes) {
    const v = { start: at.start, midi, length: Math.round(at.stepSamples * 0.9), gain: part.gain / Math.sqrt(at.notes.length), pan: at.pan };
    if (part.instrument === 'pad') {
      // Two slightly detuned copies spread left and right: the chorus that makes a pad wide.
      tone(bus, { ...v, length: at.barSamples, pan: -0.4 }, sampleRate, tables.soft, 0.6, 0.8, -0.003);
      tone(bus, { ...v, length: at.barSamples, pan: 0.4 }, sampleRate, tables.soft, 0.6, 0.8, 0.003);
    } else if (part.instrument === 'pluck') tone(bus, { ...v, length: Math.round(0.02 * sampleRate) }, sampleRate, tables.warm, 0.004, 0.22);
    else if (part.instrument === 'bass') tone(bus, v, sampleRate, tables.warm, 0.008, 0.08);
    else {
      tone(bus, { ...v, length: Math.round(0.01 * sampleRate) }, sampleRate, tables.sine, 0.003, 0.6);
      tone(bus, { ...v, midi: midi + 19, gain: v.gain * 0.25, length: 1 }, sampleRate, tables.sine, 0.002, 0.25);
    }
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders the recipe to stereo float samples; yields to the event loop between bars so a server stays responsive. */
export async function synthesize(recipe: TrackRecipe, sampleRate = 44100): Promise<{ left: Float32Array; right: Float32Array; seconds: number }> {
  const layout = trackLayout(recipe, sampleRate);
  const bus = new Bus(layout.frames);
  const random = seededRandom(recipe.seed);
  for (let bar = 0; bar < layout.bars; bar++) {
    const chord = chordNotes(recipe, recipe.progression[bar % recipe.progression.length]!);
    for (const part of recipe.parts) {
      if (bar % 16 < (part.restBars ?? 0)) continue;
      const steps = part.pattern.length;
      const stepSamples = layout.barSamples / steps;
      const pan = part.pan ?? 0;
      for (let s = 0; s < steps; s++) {
        if (part.pattern[s] !== 'x') continue;
        const start = Math.round(bar * layout.barSamples + s * stepSamples);
        if (isDrum(part.instrument)) drum(bus, part.instrument, start, part.gain, pan, sampleRate, random);
        else pitched(bus, part, { start, stepSamples, barSamples: layout.barSamples, notes: notesFor(part, chord, s, random), pan }, sampleRate);
      }
    }
    await pause();
  }
  if (recipe.echo) echo(bus, recipe.echo, Math.round(((60 / recipe.bpm) * 0.75) * sampleRate));
  return { left: bus.left, right: bus.right, seconds: layout.seconds };
}

/** A 32-bit float stereo WAV file: loudness is set later by ffmpeg, so nothing is clipped here. */
export function wavFile(left: Float32Array, right: Float32Array, sampleRate: number): Buffer {
  const frames = left.length;
  const data = frames * 8;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(3, 20); // IEEE float
  buffer.writeUInt16LE(2, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 8, 28);
  buffer.writeUInt16LE(8, 32);
  buffer.writeUInt16LE(32, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(data, 40);
  for (let i = 0; i < frames; i++) {
    buffer.writeFloatLE(left[i]!, 44 + i * 8);
    buffer.writeFloatLE(right[i]!, 48 + i * 8);
  }
  return buffer;
}
