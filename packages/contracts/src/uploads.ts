import { z } from 'zod';

export type MediaKind = 'image' | 'video' | 'audio';

export interface UploadPolicy {
  kinds: MediaKind[];
  /** When set, only these sniffed MIME types pass (e.g. music is mp3 only). */
  mimeTypes?: string[];
  maxBytes: number;
  /** How an accepted image is kept; every policy that takes images has one. */
  imageFit?: ImageFit;
  /** Longest accepted video/audio, in seconds; longer sources are refused rather than trimmed. */
  maxDurationSeconds?: number;
  tooLargeMessage: (bytes: number) => string;
  wrongTypeMessage: string;
}

/**
 * The server keeps an image upright, no larger than its use needs and re-encoded (JPEG, or PNG where it has
 * transparency), so what is stored stays small whatever the camera made.
 */
export interface ImageFit {
  /** Longest side kept, in pixels; a smaller image is never enlarged. */
  maxSide: number;
  /** The spec's own limit on the image (SPEC §5 Product Showcase), met by the stored file rather than the one sent. */
  storedMaxBytes?: number;
}

const MB = 1024 * 1024;
const tenMinutes = 600;
const imageTypeMessage = 'Please upload a valid image file.';
const videoTypeMessage = 'Please upload a valid video file (MP4, MOV or WebM).';

/**
 * One limit for every image upload (issue 29): phone photos run to 5-15 MB, and since the server keeps a resized copy
 * (imageFit), the size sent says nothing about what is stored. Still a limit, as the whole file is held before it is read.
 */
export const maxImageUploadBytes = 25 * MB;
export const maxImageUploadMb = maxImageUploadBytes / MB;

/** A 1080x1920 frame needs no more than 1920 px on any side. */
const frameFit: ImageFit = { maxSide: 1920 };
/** A logo is drawn at most the frame's width (the composition's logo width is capped at 1080). */
const logoFit: ImageFit = { maxSide: 1080 };

// Generic, so a message that takes no size can be called without one, as the pages do.
const imagePolicy = <Message extends UploadPolicy['tooLargeMessage']>(tooLargeMessage: Message, imageFit = frameFit, wrongTypeMessage = imageTypeMessage) =>
  ({ kinds: ['image'], maxBytes: maxImageUploadBytes, imageFit, tooLargeMessage, wrongTypeMessage }) satisfies UploadPolicy;
const imageTooLarge = () => `The image must be at most ${maxImageUploadMb} MB.`;

const scrollStopperVideo = {
  kinds: ['video'],
  maxBytes: 20 * MB,
  maxDurationSeconds: tenMinutes,
  tooLargeMessage: () => 'File size exceeds 20 MB. Please upload a smaller video.',
  wrongTypeMessage: videoTypeMessage,
} satisfies UploadPolicy;

/**
 * SPEC §5 and §9 sizes per place a file enters the product; the server enforces each while the bytes stream in. Images
 * share one limit, except where the spec states its own on what is stored.
 */
export const uploadPolicies = {
  logo: imagePolicy(() => `The logo must be at most ${maxImageUploadMb} MB.`, logoFit),
  music: {
    kinds: ['audio'],
    mimeTypes: ['audio/mpeg'],
    maxBytes: 4 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'The music file must be at most 4 MB.',
    wrongTypeMessage: 'Please upload an MP3 file.',
  },
  'storyboard-video': {
    kinds: ['video'],
    maxBytes: 8 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'File size exceeds 8MB limit.',
    wrongTypeMessage: videoTypeMessage,
  },
  'scene-image': imagePolicy(imageTooLarge),
  'scroll-stopper-video': scrollStopperVideo,
  // A stock video picked on the Scroll Stopper page: the page's limits, yet not the user's own media, so it loops
  // under the voiceover as the library backgrounds do.
  'scroll-stopper-stock': scrollStopperVideo,
  'own-video': {
    kinds: ['video'],
    maxBytes: 41943040,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'Adding this video would exceed the 40MB limit.',
    wrongTypeMessage: videoTypeMessage,
  },
  'main-video': {
    kinds: ['video'],
    maxBytes: 100 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'The video must be at most 100 MB.',
    wrongTypeMessage: videoTypeMessage,
  },
  // SPEC §5's 1.8 MB is met by the stored image; its text answers a file over the upload limit, or (practically never)
  // one whose stored copy cannot be brought within 1.8 MB.
  'showcase-image': imagePolicy(
    // Two decimals: with one, a file just over a limit could read as the limit itself. SPEC §5's words name its 1.8 MB
    // for the stored image; a file past what is taken at all is told that limit in the same words.
    (bytes) => `File too large (${(bytes / MB).toFixed(2)} MB). Max ${bytes > maxImageUploadBytes ? maxImageUploadMb : 1.8} MB allowed.`,
    { ...frameFit, storedMaxBytes: Math.round(1.8 * MB) },
  ),
  'intro-image': imagePolicy(imageTooLarge),
  'broll-image': imagePolicy(imageTooLarge),
  'cta-image': imagePolicy(imageTooLarge),
  // SPEC §5 names a 5 MB hint that is not enforced; the hint now says this limit, the one that is.
  'ugc-product': imagePolicy(imageTooLarge),
  'product-image': imagePolicy(imageTooLarge),
  // One limit for either kind of side, the images' own, so a page that takes both says one size.
  'before-after': {
    kinds: ['image', 'video'],
    maxBytes: maxImageUploadBytes,
    imageFit: frameFit,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => `The file must be at most ${maxImageUploadMb} MB.`,
    wrongTypeMessage: 'Please upload an image or a video.',
  },
  // Files added from the stock search: the server fetched them from the provider, then checked them like any upload.
  'stock-image': imagePolicy(() => "Couldn't add this image. Try another one.", frameFit, "Couldn't add this image. Try another one."),
  'stock-video': {
    kinds: ['video'],
    maxBytes: 150 * MB,
    maxDurationSeconds: tenMinutes,
    tooLargeMessage: () => 'Could not add that stock video. Please try another.',
    wrongTypeMessage: 'Could not add that stock video. Please try another.',
  },
  // A brand's own font: read here only up to its limit; the brand service checks it is a font (no media kind fits).
  'brand-font': {
    kinds: [],
    maxBytes: 5 * MB,
    tooLargeMessage: () => 'The font must be at most 5 MB.',
    wrongTypeMessage: 'Please upload a TTF, OTF or WOFF2 font file.',
  },
} satisfies Record<string, UploadPolicy>;

export type UploadPurpose = keyof typeof uploadPolicies;
export const uploadPurposes = Object.keys(uploadPolicies) as UploadPurpose[];
export const uploadPurposeSchema = z.enum(uploadPurposes as [UploadPurpose, ...UploadPurpose[]]);

/** Checks on the content itself, shared by every purpose. */
export const uploadMessages = {
  empty: 'The file is empty.',
  corrupt: 'This file is damaged or incomplete and cannot be read.',
  noVideo: 'This file has no video in it.',
  noAudio: 'This file has no sound in it.',
  tooLong: (maxSeconds: number) => `This file is too long: at most ${Math.round(maxSeconds / 60)} minutes.`,
  imageTooLarge: 'This image has too many pixels (at most 50 megapixels).',
  missingFile: 'Choose a file to upload.',
  failed: 'Upload failed',
} as const;

/** The largest image (in pixels) the server will decode: keeps decompression bombs out. */
export const maxImagePixels = 50_000_000;

export const uploadResponse = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  url: z.string(),
  size: z.number(),
  content_type: z.string(),
  duration: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
