import { imageCount, maxImageBytes, type ImageFocus } from '@reelsmith/contracts';

/** One picked image: a file from the device, or a stock image the server already stored as the user's upload. */
export interface PickedImage {
  id: string;
  name: string;
  size: number;
  previewUrl: string;
  source: { kind: 'file'; file: File } | { kind: 'upload'; url: string };
  /** Where the video's 9:16 window sits in the picture, as the user framed it. */
  focus: ImageFocus;
}

export interface AddOutcome {
  images: PickedImage[];
  duplicates: number;
  dropped: number;
  /** Images over the size the server takes (the scene-image upload policy): left out before any byte is sent. */
  tooLarge: number;
}

const sameImage = (a: Pick<PickedImage, 'name' | 'size'>, b: Pick<PickedImage, 'name' | 'size'>) => a.name === b.name && a.size === b.size;

/** SPEC §5: duplicates by name and size are removed, and at most ten images are kept (the first ones). */
export function addImages(current: PickedImage[], incoming: PickedImage[]): AddOutcome {
  const images = [...current];
  let duplicates = 0;
  let dropped = 0;
  let tooLarge = 0;
  for (const image of incoming) {
    if (image.size > maxImageBytes) tooLarge += 1;
    else if (images.some((kept) => sameImage(kept, image))) duplicates += 1;
    else if (images.length >= imageCount.max) dropped += 1;
    else images.push(image);
  }
  return { images, duplicates, dropped, tooLarge };
}

export const countIsValid = (images: readonly PickedImage[]) => images.length >= imageCount.min && images.length <= imageCount.max;

/** Sizes as the zone's limit reads them; small images in KB, so they do not all read 0.0 MB. */
