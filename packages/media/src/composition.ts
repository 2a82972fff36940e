import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { subtitlePositions, subtitleSizes, subtitleStyleNames } from './subtitles/styles.ts';

const urlLike = /^[a-z][a-z0-9+.-]*:/i;

/** ffmpeg would happily open http://, concat: or subfile: inputs; a document only ever names files on this machine. */
export const localPathSchema = z
  .string()
  .min(1)
  .refine((p) => !urlLike.test(p), 'must be a local file path, not a URL')
  .refine((p) => isAbsolute(p), 'must be an absolute file path')
  .refine((p) => !p.includes('\0'), 'must not contain NUL');

const seconds = z.number().finite().nonnegative();
const positiveSeconds = z.number().finite().positive();

/** Consecutive slideshow images overlap by this much. */
export const sceneTransitionSeconds = 0.5;
/**
 * How long scene `i` of `count` must be when they are joined with sceneTransitionSeconds transitions, so each is seen
 * for `seen` seconds and the whole lasts count × seen: every scene but the last is longer by the transition that plays
 * over its end.
 */
export const crossedSceneSeconds = (i: number, count: number, seen: number) => (i < count - 1 ? seen + sceneTransitionSeconds : seen);
/** Music under a voiceover: a quarter of its level, ducked while words are spoken. */
export const defaultMusicVolume = 0.25;
/** How long the closing image (the final video's call to action) stays on screen. */
export const closingImageSeconds = 3;
/** How long the brand's end card stays on screen after everything else. */
export const endCardSeconds = 2.5;

export const transitionNames = ['fade', 'wipeleft', 'wiperight', 'smoothleft', 'smoothright'] as const;
export type TransitionName = (typeof transitionNames)[number];

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i);

export const wordSchema = z
  .object({
    text: z.string().min(1),
    start: seconds,
    end: seconds,
    /** '#RRGGBB' of a word the user emphasised; the spoken-word highlight still wins while it is said. */
    colour: hexColour.optional(),
  })
  .refine((w) => w.end >= w.start, 'a word must not end before it starts');
export type Word = z.infer<typeof wordSchema>;

export const cueSchema = z
  .object({ start: seconds, end: seconds, words: z.array(wordSchema).min(1) })
  .refine((c) => c.end > c.start, 'a cue must end after it starts');
export type Cue = z.infer<typeof cueSchema>;

const clipSchema = z
  .object({
    path: localPathSchema,
    /** Length of the source file as probed; the compiler is pure, so it cannot ask ffprobe itself. */
    duration: positiveSeconds,
    trimStart: seconds.default(0),
    trimEnd: positiveSeconds.optional(),
    /** Seconds the clip occupies in the background (a storyboard scene's time): a longer source is cut, a shorter one holds its last frame. */
    length: positiveSeconds.optional(),
  })
  .refine((c) => (c.trimEnd ?? c.duration) - c.trimStart >= 0.2, 'a clip must keep at least 0.2 s after trimming')
  .refine((c) => (c.trimEnd ?? 0) <= c.duration, 'trimEnd must lie within the clip');

const clipsBackgroundSchema = z.object({
  kind: z.literal('clips'),
  clips: z.array(clipSchema).min(1),
  /** loop: repeat the clip sequence to fill the duration; trim: play it once and hold the last frame if it is short. */
  fit: z.enum(['loop', 'trim']).default('loop'),
});

const unit = z.number().finite().min(0).max(1);
/**
 * Where the 9:16 window sits inside the image scaled to cover the frame, per axis: 0 is the left or top edge, 1 the
 * right or bottom edge. Only the axis the image overflows on has any effect.
 */
export const focusSchema = z.object({ x: unit, y: unit });
export type Focus = z.infer<typeof focusSchema>;
export const centreFocus: Focus = { x: 0.5, y: 0.5 };

const scenesBackgroundSchema = z
  .object({
    kind: z.literal('scenes'),
    scenes: z
      .array(
        z.object({
          imagePath: localPathSchema,
          duration: positiveSeconds,
          zoom: z.boolean().default(true),
          focus: focusSchema.default(centreFocus),
        }),
      )
      .min(1),
    transition: z.enum(transitionNames).default('fade'),
    transitionDuration: positiveSeconds.default(sceneTransitionSeconds),
  })
  .refine(
    (b) => b.scenes.length === 1 || b.scenes.every((s) => s.duration > b.transitionDuration),
    'every scene must last longer than the transition',
  );

/** Positions and sizes are in 1080x1920 pixels whatever the output profile; the compiler scales them. */
const overlaySchema = z
  .object({
    imagePath: localPathSchema,
    start: seconds,
    end: positiveSeconds,
    x: z.number().finite().optional(),
    y: z.number().finite().optional(),
    width: z.number().finite().positive().max(1080).optional(),
  })
  .refine((o) => o.end > o.start, 'an overlay must end after it starts');

export const maxOverlays = 5;

export const logoCorners = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;

export const compositionSchema = z.object({
  /** Length of the main part in seconds; defaults to the voiceover, then to the background's own length. */
  duration: positiveSeconds.optional(),
  background: z.discriminatedUnion('kind', [clipsBackgroundSchema, scenesBackgroundSchema]),
  overlays: z.array(overlaySchema).max(maxOverlays).default([]),
  voiceover: z
    .object({ path: localPathSchema, duration: positiveSeconds, words: z.array(wordSchema).optional() })
    .optional(),
  music: z
    .object({ path: localPathSchema, volume: z.number().min(0).max(2).default(defaultMusicVolume), duck: z.boolean().default(true) })
    .optional(),
  subtitles: z
    .object({
      cues: z.array(cueSchema),
      style: z.enum(subtitleStyleNames).default('Default'),
      position: z.enum(subtitlePositions).default('bottom'),
      fontSize: z.enum(subtitleSizes).default('medium'),
      /** The brand's emphasis colour: replaces the spoken-word colour of the styles that have one. */
      highlightColour: hexColour.optional(),
    })
    .optional(),
  closingImage: z.object({ path: localPathSchema, duration: positiveSeconds.default(closingImageSeconds) }).optional(),
  /** The brand's call-to-action still (brand/end-card.ts makes one), shown last, after the closing image. */
  endCard: z.object({ path: localPathSchema, duration: positiveSeconds.default(endCardSeconds) }).optional(),
  logo: z
    .object({
      path: localPathSchema,
      corner: z.enum(logoCorners).default('top-right'),
      width: z.number().finite().positive().max(1080).default(180),
      /** Below a fifth the mark is barely there and reads as a rendering fault. */
      opacity: z.number().min(0.2).max(1).default(1),
    })
    .optional(),
});

export type Composition = z.output<typeof compositionSchema>;
export type CompositionInput = z.input<typeof compositionSchema>;
