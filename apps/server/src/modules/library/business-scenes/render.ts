import sharp from 'sharp';
import { svgDocument } from '../../../providers/image-generation/scene-parts.ts';
import type { SceneLayers } from './layouts.ts';

/** A drawn scene of a business in the stock library, with the words a search for it would use. */
export interface BusinessScene {
  /** Stable numeric id (stock results carry numeric ids, as Pexels' do). */
  id: number;
  slug: string;
  alt: string;
  /** The words of its business and what is in the picture. */
  subjects: string[];
  /** The words of related businesses, and of the kind of item (a drawn portrait still or loop). */
  tags: string[];
  draw: () => SceneLayers;
}

/** The whole scene as one 1080x1920 picture. */
export const sceneSvg = (layers: SceneLayers) => Buffer.from(svgDocument('', layers.back + layers.front));

/**
 * Renders the scene once, then cuts the stock sizes from its pixels: each rendition covers its size, cropped centred.
 * Plain libjpeg, not mozjpeg: the flat colours compress well either way, and mozjpeg tripled each still's time.
 */
export async function renderScene(scene: BusinessScene, outputs: readonly { path: string; width: number; height: number }[]): Promise<void> {
  const { data, info } = await sharp(sceneSvg(scene.draw())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (const output of outputs) {
    await sharp(data, { raw: info }).resize(output.width, output.height, { fit: 'cover' }).jpeg({ quality: 88 }).toFile(output.path);
  }
}

/** The two layers as separate pictures, for a loop that moves them apart: the front one on transparency. */
export async function renderLayers(scene: BusinessScene, paths: { back: string; front: string }, size: { width: number; height: number }): Promise<void> {
  const layers = scene.draw();
  await sharp(Buffer.from(svgDocument('', layers.back))).resize(size.width, size.height).png({ compressionLevel: 1 }).toFile(paths.back);
  await sharp(Buffer.from(svgDocument('', layers.front))).resize(size.width, size.height).png({ compressionLevel: 1 }).toFile(paths.front);
}
