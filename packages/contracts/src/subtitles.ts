import { z } from 'zod';
import { jobEstimateFields } from './busy.ts';
import { subtitleFontSizes, subtitlePositions, subtitlePreviewResponse, subtitleStyleNames, wordsPerChunkOptions } from './workflow.ts';

/**
 * SPEC §7 subtitle and final-video calls. Bodies name the user (it must be the signed-in one) and may name the
 * project (`video_id`); without it they act on the user's latest project. Form fields arrive as strings.
 */
const userId = z.string().min(1).max(100);
const projectRef = { user_id: userId, video_id: z.string().min(1).max(100).optional() };

export type WordsPerChunk = (typeof wordsPerChunkOptions)[number];
export type SubtitlePosition = (typeof subtitlePositions)[number];
export type SubtitleFontSize = (typeof subtitleFontSizes)[number];
export type SubtitleStyleName = (typeof subtitleStyleNames)[number];

const wordsPerChunkValue = z.literal(wordsPerChunkOptions);
const wordsPerChunk = z.coerce.number().pipe(wordsPerChunkValue);

const settings = {
  subtitle_position: z.enum(subtitlePositions),
  subtitle_font_size: z.enum(subtitleFontSizes),
  words_per_chunk: wordsPerChunk,
};

/** An hour of captions is far beyond a 59 s video; the cap only keeps a request from being absurd. */
export const maxSrtChars = 100_000;
const srtText = z.string().max(maxSrtChars);

export const generateSubtitlesRequest = z.object({ ...projectRef, ...settings });
export const generateSubtitlesResponse = z.object({ subtitle_srt: z.string(), video_id: z.string() });

/** Hand-written captions for a video in which nothing was heard: plenty for 59 s of talk, at most a few screens of typing. */
export const maxWrittenSubtitleChars = 2_000;
/** Only the type is checked here: an empty or too long text gets its own message from the server (subtitleTexts). */
export const writeSubtitlesRequest = z.object({ ...projectRef, ...settings, text: z.string() });
export const writeSubtitlesResponse = generateSubtitlesResponse;

export const updateSubtitlesRequest = z.object({ ...projectRef, ...settings, subtitles: srtText });
export const updateSubtitlesResponse = z.object({ status: z.literal('success'), subtitle_srt: z.string() });

/** What the page needs to pick up where the user left off (not a SPEC §7 call: the spec's page never reloads). */
export const latestSubtitlesResponse = z.object({
  video_id: z.string(),
  has_audio: z.boolean(),
  subtitle_srt: z.string().nullable(),
  subtitle_position: z.enum(subtitlePositions),
  subtitle_font_size: z.enum(subtitleFontSizes),
  words_per_chunk: wordsPerChunkValue,
  subtitle_style: z.enum(subtitleStyleNames),
  subtitle_enabled: z.enum(['Yes', 'No']),
  /** The picture the captions will sit on (without captions), for the preview to seek to a caption's time. */
  preview_video_url: z.string().nullable(),
  /** Where that picture already shows text of its own (a showcase's captions); subtitles there would cover it. */
  picture_text_at: z.enum(subtitlePositions).nullable(),
});
export type LatestSubtitlesResponse = z.infer<typeof latestSubtitlesResponse>;

/** The preview of SPEC §3 plus what the page needs to draw the animated styles' spoken-word highlight. */
export const subtitleStylePreviewResponse = subtitlePreviewResponse.extend({
  /** ASS colour (&HAABBGGRR) of the word being spoken, for animated styles. */
  highlight_colour: z.string().nullable(),
  /** Percent size of the word being spoken. */
  pop_scale: z.number().nullable(),
  uppercase: z.boolean(),
  /** An opaque box in the outline colour behind the text instead of a stroke. */
  box: z.boolean(),
  shadow: z.number(),
});
export type SubtitleStylePreview = z.infer<typeof subtitleStylePreviewResponse>;

/** The form fields of POST /final-video; the optional `cta_image` file travels beside them. */
export const finalVideoFields = z.object({
  ...projectRef,
  ...settings,
  subtitle_enabled: z.enum(['Yes', 'No']),
  subtitle_srt: srtText.default(''),
  subtitle_style: z.enum(subtitleStyleNames),
  /** The user's dashboard logo goes into every video unless the final step's switch leaves it out. */
  logo_enabled: z.enum(['Yes', 'No']).default('Yes'),
  /** The brand's end card (issue 32): on by default when the brand has a call to action. */
  end_card_enabled: z.enum(['Yes', 'No']).default('Yes'),
});
export type FinalVideoFields = z.input<typeof finalVideoFields>;

/** The page polls every 5 s; it may let the server hold a 'processing' answer until the outcome, so a finished
 * video shows the moment it is stored instead of at the next poll. */
export const finalVideoLongPollMs = 4_500;
export const checkFinalVideoRequest = z.object({ ...projectRef, wait_ms: z.number().int().min(0).max(finalVideoLongPollMs).optional() });

/** The final render as the page polls it: the job's percent while it runs, the video's URL once it is done. */
export const finalVideoStatusResponse = z.object({
  job_id: z.string(),
  video_id: z.string(),
  status: z.enum(['processing', 'done', 'error']),
  percent: z.number(),
  final_video_url: z.string().nullable(),
  /** What Download saves the video as, from its title (videoFileName); null until it is done. */
  download_name: z.string().nullable(),
  error: z.string().nullable(),
  /** Why a render that has not started yet waits, in plain words (finalVideoTexts); null once it runs. */
  waiting: z.string().nullable(),
  ...jobEstimateFields,
});
export type FinalVideoStatus = z.infer<typeof finalVideoStatusResponse>;

/** Texts of the subtitles step beyond the SPEC §8 catalogue (workflowMessages). */
export const subtitleTexts = {
  /** Shown under Position when the chosen one is where the video already shows text (issue 29 §2). */
  coversPictureText: (position: SubtitlePosition) =>
    `Your video already shows text at the ${position}: subtitles there would cover it and neither could be read.`,
  moveSubtitles: (position: SubtitlePosition) => `Move subtitles to ${position === 'middle' ? 'Middle' : 'Bottom'}`,
  wordsPerChunkLocked: (current: number) =>
    `Words per screen is locked once subtitles exist: this video's subtitles use ${current} words per screen.`,
  lockedNote: 'Locked once subtitles exist, so every caption keeps the same rhythm.',
  invalidSrt: 'The subtitles could not be read: each caption needs a number, a time range like 00:00:01,000 --> 00:00:02,500, and text.',
  cueOutsideVoiceover: 'A caption runs past the end of the voiceover.',
  staleSubtitles: 'The voiceover changed after these subtitles were made. Generate the subtitles again.',
  generateFirst: 'Generate the subtitles first, or turn off Add subtitles.',
  noBackground: 'This video has no background yet. Add a background video before making the final video.',
  noVoiceover: 'This video has no voiceover yet. Generate the audio before making the final video.',
  noFinalVideo: 'No final video has been started for this video yet.',
  /** No 'audio' in it: the page shows a 400 mentioning audio as the SPEC's no-audio text instead. */
  noSpeech:
    'No speech was heard in this video, so no subtitles could be made from it. Type what is said below to write them yourself, or turn off Add subtitles to finish without them.',
  writtenLabel: 'Subtitle text',
  writtenHint: 'Type what is said in the video. The words are spread over the video’s speech in captions you can edit afterwards.',
  writeButton: 'Make Subtitles',
  writtenEmpty: 'Type the words said in the video first.',
  writtenTooLong: `Subtitle text can be at most ${maxWrittenSubtitleChars.toLocaleString('en-US')} characters.`,
  saved: 'Saved',
  saving: 'Saving…',
  saveFailed: "Your last edit couldn't be saved. It will be retried when you type again.",
} as const;

/** Colours a word of a caption can be emphasised with, in the order a click on the word steps through them. */
export const emphasisColours = [
  { name: 'Yellow', hex: '#FFE500' },
  { name: 'Green', hex: '#32FF6A' },
  { name: 'Red', hex: '#FF5C5C' },
  { name: 'Cyan', hex: '#2BE3FF' },
] as const;

export interface CueWord {
  text: string;
  /** '#RRGGBB' of an emphasised word. */
  colour?: string;
}

const cueToken = /<font color="(#[0-9a-f]{6})">([^<>\s]+)<\/font>|\S+/gi;

/**
 * A caption's words. An emphasised word travels in SRT's own markup, `<font color="#RRGGBB">word</font>`, so the
 * SRT the page saves and the one a user downloads keep it.
 */
export function cueWords(text: string): CueWord[] {
  return [...text.matchAll(cueToken)].map(([token, colour, word]) => (colour && word ? { text: word, colour: colour.toUpperCase() } : { text: token }));
}

export function cueText(words: readonly CueWord[]): string {
  return words.map((w) => (w.colour ? `<font color="${w.colour}">${w.text}</font>` : w.text)).join(' ');
}

export interface SrtCue {
  start: number;
  end: number;
  text: string;
}

/** SRT's HH:MM:SS,mmm. */
export function srtTime(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

export function formatSrt(cues: readonly SrtCue[]): string {
  return cues.map((cue, i) => `${i + 1}\n${srtTime(cue.start)} --> ${srtTime(cue.end)}\n${cue.text}\n`).join('\n');
}

const timeLine = /^(\d{2}):([0-5]\d):([0-5]\d),(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d),(\d{3})$/;
const seconds = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/**
 * Reads SRT strictly: numbered blocks 1..n, one `start --> end` line with end after start, then at least one line
 * of text (several lines join with a space). Returns null for anything else; empty text is an empty list.
 */
export function parseSrt(text: string): SrtCue[] | null {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  if (body === '') return [];
  const cues: SrtCue[] = [];
  for (const [i, block] of body.split(/\n[ \t]*\n/).entries()) {
    const lines = block.trim().split('\n');
    if (lines.length < 3 || lines[0]!.trim() !== String(i + 1)) return null;
    const time = timeLine.exec(lines[1]!.trim());
    if (!time) return null;
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = time as unknown as string[];
    const start = seconds(h1!, m1!, s1!, ms1!);
    const end = seconds(h2!, m2!, s2!, ms2!);
    const cueText = lines.slice(2).map((l) => l.trim()).filter(Boolean).join(' ');
    if (!(end > start) || cueText === '') return null;
    cues.push({ start, end, text: cueText });
  }
  return cues;
}
