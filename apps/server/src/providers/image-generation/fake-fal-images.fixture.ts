import sharp from 'sharp';
import { startFakeFal } from '../video-generation/fake-fal.fixture.ts';

/**
 * Test support: fal.ai's queue (the video stand-in, fake-fal.fixture.ts) serving an image-edit model: a completed
 * request's output is the nano-banana edit output, {images: [{url, content_type, file_name, file_size, width,
 * height}], description}, and the URL serves a 768x1344 JPEG. See SOURCES.md.
 */
export async function startFakeFalImages() {
  const width = 768;
  const height = 1344;
  const still = await sharp({ create: { width, height, channels: 3, background: '#d9c7a7' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="284" y="380" width="200" height="520" rx="40" fill="#2f6f6a"/></svg>`) }])
    .jpeg()
    .toBuffer();
  return startFakeFal({
    extension: 'jpeg',
    contentType: 'image/jpeg',
    bytes: still,
    output: (url, bytes) => ({ images: [{ url, content_type: 'image/jpeg', file_name: 'output.jpeg', file_size: bytes.length, width, height }], description: '' }),
  });
}
