import { z } from 'zod';
import { maxImageUploadMb, uploadPolicies } from './uploads.ts';

/**
 * SPEC §2/§4/§5/§7 Image to Video (/ImagetoVideo): convert-images-to-video (form: image1..N files, or imageN_url naming
 * one of the user's own image uploads, zoom, effect, user_id, video_id?) answers {status:'processing', video_id};
 * the page then polls check-video-status (video-audio.ts) every 5 s.
 */
export const imageEffects = ['wiperight', 'wipeleft', 'fade', 'smoothright', 'smoothleft'] as const;
export type ImageEffect = (typeof imageEffects)[number];
export const defaultImageEffect: ImageEffect = 'fade';
export const imageEffectLabels: Record<ImageEffect, string> = {
  wiperight: 'Wipe right',
  wipeleft: 'Wipe left',
  fade: 'Fade',
  smoothright: 'Smooth right',
  smoothleft: 'Smooth left',
};

export const zoomChoices = ['yes', 'no'] as const;
export const imageCount = { min: 2, max: 10 } as const;
/** Each image is on screen this long, so ten make 40 s: inside SPEC §9's 59 s for Animated Images. */
export const secondsPerImage = 4;
export const maxImageBytes = uploadPolicies['scene-image'].maxBytes;

/**
 * The form fields of image N (1..10): a file, or the URL of one of the user's image uploads (a stock image added),
 * and optionally its framing focus.
 */
export const imageFieldNames = (n: number) => ({ file: `image${n}`, url: `image${n}_url`, focus: `image${n}_focus` });

/**
 * Where the 9:16 window sits inside an image scaled to cover it, per axis from 0 (left or top edge) to 1 (right or
 * bottom edge); the centre is how an image without one is framed.
 */
export interface ImageFocus {
  x: number;
  y: number;
}
export const centredImage: ImageFocus = { x: 0.5, y: 0.5 };

/** The `imageN_focus` field: "x,y", e.g. "0.50,0.30". */
export const formatImageFocus = (focus: ImageFocus) => `${focus.x.toFixed(2)},${focus.y.toFixed(2)}`;

const focusText = /^(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/;
/** The focus a field names, or null when it is not two numbers from 0 to 1. */
export function parseImageFocus(text: string): ImageFocus | null {
  const match = focusText.exec(text.trim());
  if (!match) return null;
  const [x, y] = [Number(match[1]), Number(match[2])];
  return x <= 1 && y <= 1 ? { x, y } : null;
}

const userId = z.string().min(1).max(100);
/** The text fields; image N arrives as file `imageN` or as `imageN_url`, its framing as `imageN_focus` (imageFieldNames). */
export const convertImagesFields = z
  .object({
    user_id: userId,
    video_id: z.string().min(1).max(100).optional(),
    zoom: z.enum(zoomChoices).default('yes'),
    effect: z.enum(imageEffects).default(defaultImageEffect),
  })
  .catchall(z.string());
export const convertImagesResponse = z.object({ status: z.literal('processing'), video_id: z.string() });

export const imageEffectItem = z.object({ name: z.enum(imageEffects), label: z.string(), preview_url: z.string() });
export const imageEffectsResponse = z.object({ effects: z.array(imageEffectItem) });
export type ImageEffectItem = z.infer<typeof imageEffectItem>;

export const imageToVideoTexts = {
  wrongCount: 'Please upload between 2 to 10 images.',
  notLoggedIn: 'User not logged in',
  unexpected: 'Unexpected response',
  failed: 'Video conversion failed',
  /** A refused file: which image, then the upload check's own text. */
  badImage: (n: number, reason: string) => `Image ${n}: ${reason}`,
  notYourImage: (n: number) => `Image ${n}: add it again from your device or the stock search.`,
  dropped: (count: number) => `Only ${imageCount.max} images can be used: ${count} ${count === 1 ? 'was' : 'were'} left out.`,
  duplicates: (count: number) => `${count} duplicate ${count === 1 ? 'image was' : 'images were'} skipped.`,
  busy: 'Converting images to video',
  estimate: 'This usually takes under a minute.',
  progressLabel: 'Conversion progress',
  zoneHint: `2 to ${imageCount.max} images, up to ${maxImageUploadMb} MB each`,
} as const;

export type ConvertImagesResponse = z.infer<typeof convertImagesResponse>;
