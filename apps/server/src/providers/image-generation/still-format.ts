import sharp from 'sharp';

/** Every still the job receives is a portrait 9:16 frame at the video's own size. */
export const stillWidth = 1080;
export const stillHeight = 1920;

/**
 * Any image as the still: scaled to cover 1080x1920 and cropped from the centre, where the vendors put the subject
 * (OpenAI's 1024x1536 loses a sixth of its width), then saved as a JPEG.
 */
export async function coverToStill(image: Buffer): Promise<Buffer> {
  return sharp(image).rotate().resize(stillWidth, stillHeight, { fit: 'cover', position: 'centre' }).flatten({ background: '#ffffff' }).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
}
