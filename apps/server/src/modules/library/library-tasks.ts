import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  backgroundRecipes,
  loopArgs,
  loudnessProbeArgs,
  musicEncodeArgs,
  musicTrackRecipes,
  parallaxLoopArgs,
  parseLoudness,
  silenceArgs,
  stillArgs,
  stockImageRecipes,
  stockVideoRecipes,
  synthesize,
  trackLayout,
  wavFile,
  type BackgroundId,
  type LoopSpec,
  type MusicTrackRecipe,
  typePreviewRecipes,
} from '@reelsmith/media';
import { noBackgroundMusicTitle } from '@reelsmith/contracts';
import type { MediaPort } from '../../providers/media/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { businessLoops, businessStills, renderLayers, renderScene, type BusinessScene } from './business-scenes/index.ts';
import { previewTasks } from './library-previews.ts';
import type { LibraryBackground, LibraryCounts, LibraryImage, LibraryItem, LibraryTask, LibraryTrack, LibraryVideo } from './library.ts';

/**
 * The generated part of the library as tasks. Keys carry a recipe version: changing a recipe means a new version,
 * and the next start renders the new look instead of serving the old files. Each task stores its files with the
 * marker (the file `load` checks) last, so a start interrupted mid-task redoes that task.
 */
const root = 'library/v2';
const hd = { width: 720, height: 1280 };
const sd = { width: 360, height: 640 };
const ffmpegTimeoutMs = 5 * 60_000;
const silenceSeconds = 60;

export const fullLibrary: LibraryCounts = {
  images: businessStills.length + stockImageRecipes.length,
  videos: businessLoops.length + stockVideoRecipes.length,
  backgrounds: Object.keys(backgroundRecipes).length,
  tracks: musicTrackRecipes.length,
  previews: Object.keys(typePreviewRecipes).length,
};

const exists = async (storage: ObjectStorage, key: string) => (await storage.stat(key)) !== null;
type Run = (args: string[], duration: number, signal: AbortSignal) => ReturnType<MediaPort['runFfmpeg']>;
const runner = (media: MediaPort): Run => (args, duration, signal) => media.runFfmpeg(args, { duration, signal, timeoutMs: ffmpegTimeoutMs });

function task(storage: ObjectStorage, label: string, marker: string, item: LibraryItem, make: LibraryTask['make']): LibraryTask {
  return { id: marker, label, kind: item.kind, upcoming: item, load: async () => ((await exists(storage, marker)) ? item : null), make };
}

type StockSizes = { key: string; width: number; height: number }[];

/** The library's record of a stock still and the sizes a stock API offers: the full frame, a grid-sized one and Pexels' 800x1200 portrait crop. */
function stillItem(id: number, slug: string, words: Pick<LibraryImage, 'alt' | 'tags' | 'subjects'>): { item: LibraryImage; sizes: StockSizes } {
  const base = `${root}/stock/images/${slug}`;
  const item: LibraryImage = { kind: 'image', id, ...words, width: 1080, height: 1920, keys: { original: `${base}.jpg`, large: `${base}-large.jpg`, portrait: `${base}-portrait.jpg` } };
  const sizes = [
    { key: item.keys.large, width: 540, height: 960 },
    { key: item.keys.portrait, width: 800, height: 1200 },
    { key: item.keys.original, width: 1080, height: 1920 },
  ];
  return { item, sizes };
}

const scratchFile = (dir: string, key: string) => join(dir, key.split('/').pop()!);

function imageTask(storage: ObjectStorage, run: Run, recipe: (typeof stockImageRecipes)[number]): LibraryTask {
  const { item, sizes } = stillItem(recipe.id, recipe.slug, { alt: recipe.alt, tags: recipe.tags });
  return task(storage, `image ${recipe.slug}`, item.keys.original, item, async (dir, signal) => {
    const [original, ...renditions] = [sizes[2]!, sizes[0]!, sizes[1]!].map((size) => ({ ...size, path: scratchFile(dir, size.key) }));
    // One run makes every size from the same picture.
    await run(stillArgs(recipe.spec, { ...original!, phase: recipe.phase, renditions }), 1, signal);
    for (const { key, path } of [...renditions, original!]) await storage.putFile(key, path, 'image/jpeg');
    return item;
  });
}

/** A drawn scene of a business: SVG rendered by sharp, a fraction of a procedural still's cost. */
function sceneStillTask(storage: ObjectStorage, scene: BusinessScene): LibraryTask {
  const { item, sizes } = stillItem(scene.id, scene.slug, { alt: scene.alt, tags: scene.tags, subjects: scene.subjects });
  return task(storage, `image ${scene.slug}`, item.keys.original, item, async (dir) => {
    const outputs = sizes.map((size) => ({ ...size, path: scratchFile(dir, size.key) }));
    await renderScene(scene, outputs);
    for (const { key, path } of outputs) await storage.putFile(key, path, 'image/jpeg');
    return item;
  });
}

interface LoopFiles {
  videoKey: string;
  sdKey?: string;
  posterKey: string;
  poster: { width: number; height: number };
}

async function renderLoop(storage: ObjectStorage, run: Run, spec: LoopSpec, files: LoopFiles, dir: string, signal: AbortSignal) {
  const [video, small, poster] = [join(dir, 'hd.mp4'), join(dir, 'sd.mp4'), join(dir, 'poster.jpg')];
  const args = loopArgs(spec, {
    hd: { path: video, ...hd },
    ...(files.sdKey ? { sd: { path: small, ...sd } } : {}),
    poster: { path: poster, at: spec.seconds / 3, ...files.poster },
  });
  await run(args, spec.seconds, signal);
  if (files.sdKey) await storage.putFile(files.sdKey, small, 'video/mp4');
  await storage.putFile(files.posterKey, poster, 'image/jpeg');
  await storage.putFile(files.videoKey, video, 'video/mp4');
}

function videoItem(id: number, slug: string, words: Pick<LibraryVideo, 'alt' | 'tags' | 'subjects'>, seconds: number): { item: LibraryVideo; files: LoopFiles } {
  const base = `${root}/stock/videos/${slug}`;
  const item: LibraryVideo = {
    kind: 'video',
    id,
    ...words,
    ...hd,
    duration: seconds,
    posterKey: `${base}.jpg`,
    files: [
      { quality: 'hd', ...hd, key: `${base}-hd.mp4` },
      { quality: 'sd', ...sd, key: `${base}-sd.mp4` },
    ],
  };
  return { item, files: { videoKey: item.files[0]!.key, sdKey: item.files[1]!.key, posterKey: item.posterKey, poster: { width: 540, height: 960 } } };
}

function videoTask(storage: ObjectStorage, run: Run, recipe: (typeof stockVideoRecipes)[number]): LibraryTask {
  const { item, files } = videoItem(recipe.id, recipe.slug, { alt: recipe.alt, tags: recipe.tags }, recipe.spec.seconds);
  return task(storage, `video ${recipe.slug}`, files.videoKey, item, async (dir, signal) => {
    await renderLoop(storage, run, recipe.spec, files, dir, signal);
    return item;
  });
}

// The layers are drawn this much larger than the frame, so the camera has room to move without showing an edge.
const overscan = 1.12;

function sceneLoopTask(storage: ObjectStorage, run: Run, scene: (typeof businessLoops)[number]): LibraryTask {
  const { item, files } = videoItem(scene.id, scene.slug, { alt: scene.alt, tags: scene.tags, subjects: scene.subjects }, scene.seconds);
  return task(storage, `video ${scene.slug}`, files.videoKey, item, async (dir, signal) => {
    const layers = { back: join(dir, 'back.png'), front: join(dir, 'front.png') };
    await renderLayers(scene, layers, { width: Math.round((hd.width * overscan) / 2) * 2, height: Math.round((hd.height * overscan) / 2) * 2 });
    const [video, small, poster] = [join(dir, 'hd.mp4'), join(dir, 'sd.mp4'), join(dir, 'poster.jpg')];
    const outputs = { hd: { path: video, ...hd }, sd: { path: small, ...sd }, poster: { path: poster, at: scene.seconds / 3, ...files.poster } };
    await run(parallaxLoopArgs({ ...layers, overscan, seconds: scene.seconds }, outputs), scene.seconds, signal);
    await storage.putFile(item.files[1]!.key, small, 'video/mp4');
    await storage.putFile(files.posterKey, poster, 'image/jpeg');
    await storage.putFile(files.videoKey, video, 'video/mp4');
    return item;
  });
}

function backgroundTask(storage: ObjectStorage, run: Run, id: BackgroundId): LibraryTask {
  const spec = backgroundRecipes[id];
  const item: LibraryBackground = {
    kind: 'background',
    id,
    duration: spec.seconds,
    videoKey: `${root}/backgrounds/${id}.mp4`,
    thumbnailKey: `${root}/backgrounds/${id}.jpg`,
  };
  const files = { videoKey: item.videoKey, posterKey: item.thumbnailKey, poster: sd };
  return task(storage, `background ${id}`, item.videoKey, item, async (dir, signal) => {
    await renderLoop(storage, run, spec, files, dir, signal);
    return item;
  });
}

function trackTask(storage: ObjectStorage, run: Run, recipe: MusicTrackRecipe): LibraryTask {
  const item: LibraryTrack = {
    kind: 'track',
    id: recipe.slug,
    title: recipe.title,
    mood: recipe.mood,
    duration: trackLayout(recipe, 44100).seconds,
    key: `${root}/music/${recipe.slug}.mp3`,
    silent: false,
  };
  return task(storage, `track ${recipe.slug}`, item.key, item, async (dir, signal) => {
    const { left, right, seconds } = await synthesize(recipe);
    const wav = join(dir, 'track.wav');
    await writeFile(wav, wavFile(left, right, 44100));
    const measured = parseLoudness((await run(loudnessProbeArgs(wav), seconds, signal)).stderrTail);
    const mp3 = join(dir, 'track.mp3');
    await run(musicEncodeArgs(wav, mp3, measured), seconds, signal);
    await storage.putFile(item.key, mp3, 'audio/mpeg');
    return item;
  });
}

function silenceTask(storage: ObjectStorage, run: Run): LibraryTask {
  const item: LibraryTrack = { kind: 'track', id: 'silence', title: noBackgroundMusicTitle, mood: null, duration: silenceSeconds, key: `${root}/music/silence.mp3`, silent: true };
  return task(storage, 'silent track', item.key, item, async (dir, signal) => {
    const mp3 = join(dir, 'silence.mp3');
    await run(silenceArgs(mp3, silenceSeconds), silenceSeconds, signal);
    await storage.putFile(item.key, mp3, 'audio/mpeg');
    return item;
  });
}

/**
 * The generated tasks in the order they run. First one of each kind, so every picker has something (the silent track
 * follows the first real one: a music list holding only 'No Background Music' is no choice at all), and the Create
 * Video tiles' previews, which take about a second each and are the first thing a new user opens. Then the two
 * pickers whose lists are fixed and named, the Scroll Stopper backgrounds and the music, are completed, each round
 * with a still beside it (stills are the cheapest item, so the stock search keeps growing); then the stock loops,
 * interleaved with the remaining stills.
 */
export function generatedTasks(storage: ObjectStorage, media: MediaPort, counts: LibraryCounts, options: { stock: boolean }): LibraryTask[] {
  const run = runner(media);
  // The drawn business scenes come before the procedural looks: they are what a business searches for.
  const allImages = [...businessStills.map((scene) => sceneStillTask(storage, scene)), ...stockImageRecipes.map((r) => imageTask(storage, run, r))];
  const allVideos = [...businessLoops.map((scene) => sceneLoopTask(storage, run, scene)), ...stockVideoRecipes.map((r) => videoTask(storage, run, r))];
  const images = options.stock ? allImages.slice(0, counts.images) : [];
  const videos = options.stock ? allVideos.slice(0, counts.videos) : [];
  const backgrounds = (Object.keys(backgroundRecipes) as BackgroundId[]).slice(0, counts.backgrounds).map((id) => backgroundTask(storage, run, id));
  const tracks = musicTrackRecipes.slice(0, counts.tracks).map((r) => trackTask(storage, run, r));
  const previews = previewTasks(storage, media).slice(0, counts.previews);
  const ordered: (LibraryTask | undefined)[] = [images[0], videos[0], backgrounds[0], tracks[0], silenceTask(storage, run), ...previews];
  const rounds = Math.max(backgrounds.length, tracks.length);
  for (let round = 1; round < rounds; round++) ordered.push(backgrounds[round], tracks[round], images[round]);
  const stills = images.slice(Math.max(rounds, 1));
  const loops = videos.slice(1);
  const stillsPerLoop = Math.ceil(stills.length / Math.max(loops.length, 1));
  for (let i = 0; i < Math.max(loops.length, 1); i++) ordered.push(loops[i], ...stills.slice(i * stillsPerLoop, (i + 1) * stillsPerLoop));
  return ordered.filter((task) => task !== undefined);
}
