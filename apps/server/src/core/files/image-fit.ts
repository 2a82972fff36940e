import { maxImagePixels, type ImageFit } from '@reelsmith/contracts';
import sharp from 'sharp';

export interface FittedImage {
  content: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** One try at encoding: a share of the fitted size, and for JPEG its quality. */
export interface FitStep {
  scale: number;
  quality?: number;
}

/**
 * The tries, best first, that bring a stored copy within a byte limit (without one, only the first is made). A JPEG
 * gives quality before pixels, since a frame-sized image loses less to quality 75 than to a quarter of its width; a
 * PNG is lossless, so only its size can give.
 */
export function fitSteps(format: 'jpeg' | 'png', limited: boolean): FitStep[] {
  const scales = [1, 0.75, 0.5, 0.35];
  const steps = format === 'png' ? scales.map((scale) => ({ scale })) : [{ scale: 1, quality: 85 }, ...scales.map((scale) => ({ scale, quality: 75 }))];
  return limited ? steps : steps.slice(0, 1);
}

/** Whether any pixel lets the background through: only then is PNG worth its size. */
function seeThrough({ data, channels }: Pixels): boolean {
  if (channels !== 2 && channels !== 4) return false;
  for (let i = channels - 1; i < data.length; i += channels) if (data[i]! < 255) return true;
  return false;
}

async function encode(pixels: Pixels, step: FitStep) {
  const width = Math.max(1, Math.round(pixels.width * step.scale));
  const height = Math.max(1, Math.round(pixels.height * step.scale));
  let image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
  if (step.scale < 1) image = image.resize(width, height);
  const content = step.quality === undefined ? await image.png().toBuffer() : await image.removeAlpha().jpeg({ quality: step.quality }).toBuffer();
  return { content, width, height };
}

/**
 * The copy of an accepted image that is stored: turned upright by its EXIF orientation (so what reads the pixels
 * alone, a vendor's model or ffprobe's size, sees the picture as it was taken), at most `maxSide` on its longer side,
 * re-encoded as JPEG, or PNG when it has transparency (a logo). Answers null when even the smallest try is over
 * `storedMaxBytes`. Re-encoding also drops the camera's metadata (place, device) that the stored file would otherwise
 * carry to anyone it is shared with.
 */
export async function fitImage(path: string, fit: ImageFit): Promise<FittedImage | null> {
  const { data, info } = await sharp(path, { limitInputPixels: maxImagePixels, failOn: 'truncated' })
    .autoOrient()
    .resize(fit.maxSide, fit.maxSide, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels: Pixels = { data, width: info.width, height: info.height, channels: info.channels as Pixels['channels'] };
  const png = seeThrough(pixels);
  for (const step of fitSteps(png ? 'png' : 'jpeg', fit.storedMaxBytes !== undefined)) {
    const encoded = await encode(pixels, step);
    if (fit.storedMaxBytes === undefined || encoded.content.length <= fit.storedMaxBytes) {
      return { ...encoded, contentType: png ? 'image/png' : 'image/jpeg', extension: png ? 'png' : 'jpg' };
    }
  }
  return null;
}
