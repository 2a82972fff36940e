import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * A JPEG with an EXIF Orientation tag, written byte by byte rather than by the library under test: a TIFF header and
 * one IFD entry (0x0112, SHORT) in an APP1 segment, placed after the JFIF APP0 segment as cameras place theirs.
 */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.alloc(4);
  marker.writeUInt16BE(0xffe1, 0);
  marker.writeUInt16BE(payload.length + 2, 2);
  const afterApp0 = jpeg.readUInt16BE(2) === 0xffe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, afterApp0), marker, payload, jpeg.subarray(afterApp0)]);
}

/** The red band's colour: the sensor's left edge, which orientation 6 shows at the top. */
export const phonePhotoTop = [225, 29, 72] as const;

/**
 * A phone photo as a camera held upright saves it: a landscape 4000x3000 sensor image (red band along its left edge,
 * noise everywhere, about 5.8 MB at JPEG quality 2) and EXIF Orientation 6, which tells a viewer to turn it a quarter
 * clockwise, so the picture is portrait with the red band at the top.
 */
export function phonePhoto(path: string, size = '4000x3000'): Buffer {
  const [width, height] = size.split('x').map(Number) as [number, number];
  const scene = `color=c=0x3a6ea5:s=${size},drawbox=x=0:y=0:w=${width / 5}:h=${height}:c=0xe11d48:t=fill,noise=alls=30:allf=u`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', scene, '-frames:v', '1', '-q:v', '2', path]);
  return withExifOrientation(readFileSync(path), 6);
}
