import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { previewAss, previewSeconds, stillArgs, stockImageRecipes, typePreviewArgs, typePreviewRecipes, type TypePreviewId } from '@reelsmith/media';
import type { MediaPort } from '../../providers/media/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { composeStill } from '../../providers/image-generation/compose.ts';
import { samplePackshot } from '../../providers/image-generation/sample-product.ts';
import type { LibraryPreview, LibraryTask } from './library-items.ts';

/** A new version renders new previews instead of serving the old files. */
const root = 'library/v2/previews/v1';
const timeoutMs = 2 * 60_000;
/** The UGC tile shows what UGC makes offline: the packshot standing in the compositor's drawn kitchen. */
const ugcStill = 'ugc-still';

/**
 * One tile preview as a library item: its stills rendered from their stock recipes (so it needs no other item to
 * exist first; UGC's is the offline compositor's still), the product packshot for the product types, the words as ASS, then one ffmpeg run that writes the
 * loop and its poster.
 */
function previewTask(storage: ObjectStorage, media: MediaPort, id: TypePreviewId): LibraryTask {
  const recipe = typePreviewRecipes[id];
  const item: LibraryPreview = { kind: 'preview', id, duration: previewSeconds(recipe), videoKey: `${root}/${id}.mp4`, posterKey: `${root}/${id}.jpg` };
  const run = (args: string[], duration: number, signal: AbortSignal) => media.runFfmpeg(args, { duration, signal, timeoutMs });
  return {
    id: item.videoKey,
    label: `preview ${id}`,
    kind: 'preview',
    upcoming: item,
    load: async () => ((await storage.stat(item.videoKey)) ? item : null),
    async make(dir, signal) {
      const stills = recipe.stills.map((slug, i) => ({ slug, path: join(dir, `still-${i}.jpg`) }));
      for (const { slug, path } of stills) {
        if (slug === ugcStill) {
          await writeFile(path, await composeStill(await samplePackshot(), { background: 'Kitchen', placement: 'Placed on the counter' }));
          continue;
        }
        const still = stockImageRecipes.find((r) => r.slug === slug);
        if (!still) throw new Error(`no stock still ${slug}`);
        await run(stillArgs(still.spec, { path, width: 720, height: 1280, phase: still.phase }), 1, signal);
      }
      const product = join(dir, 'product.jpg');
      if ('product' in recipe) await writeFile(product, await samplePackshot());
      const ass = join(dir, 'words.ass');
      await writeFile(ass, previewAss(recipe.texts));
      const [video, poster] = [join(dir, 'preview.mp4'), join(dir, 'preview.jpg')];
      await run(typePreviewArgs(recipe, { stills: stills.map((s) => s.path), product, ass }, { video, poster }), item.duration, signal);
      await storage.putFile(item.posterKey, poster, 'image/jpeg');
      await storage.putFile(item.videoKey, video, 'video/mp4');
      return item;
    },
  };
}

/** Every tile's preview, in the tiles' order. */
export function previewTasks(storage: ObjectStorage, media: MediaPort): LibraryTask[] {
  return (Object.keys(typePreviewRecipes) as TypePreviewId[]).map((id) => previewTask(storage, media, id));
}
