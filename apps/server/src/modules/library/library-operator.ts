import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import { maxImagePixels } from '@reelsmith/contracts';
import { posterFrameArgs } from '@reelsmith/media';
import sharp from 'sharp';
import { z } from 'zod';
import type { MediaPort } from '../../providers/media/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { LibraryItem, LibraryTask } from './library.ts';

/**
 * Licensed media an operator drops into STOCK_DIR or MUSIC_DIR. Each file is copied into storage (so S3 setups serve
 * it like any library file) with a preview and a small metadata record; the record is the marker a later start finds.
 * Search words come from the file name and an optional sidecar `<name>.json` ({title, alt, tags, mood}).
 */
const sidecarSchema = z.object({
  title: z.string().max(200).optional(),
  alt: z.string().max(500).optional(),
  tags: z.array(z.string().max(50)).max(50).optional(),
  mood: z.string().max(50).optional(),
});
type Sidecar = z.infer<typeof sidecarSchema>;

const imageExtensions = new Set(['.jpg', '.jpeg', '.png', '.webp']);
const videoExtensions = new Set(['.mp4', '.mov', '.m4v', '.webm']);
const audioExtensions = new Set(['.mp3', '.m4a', '.aac', '.wav', '.ogg']);
const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp',
  '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.aac': 'audio/aac', '.wav': 'audio/wav', '.ogg': 'audio/ogg',
};

/** Words in a file name: "golden-hour_beach 02.jpg" -> golden, hour, beach. */
export function wordsOfName(name: string): string[] {
  return basename(name, extname(name))
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word));
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  } catch {
    return [];
  }
}

async function readSidecar(file: string): Promise<Sidecar> {
  for (const candidate of [`${file}.json`, join(file, '..', `${basename(file, extname(file))}.json`)]) {
    try {
      return sidecarSchema.parse(JSON.parse(await readFile(candidate, 'utf8')));
    } catch {
      // No sidecar, or one that is not valid: the file name alone describes the file.
    }
  }
  return {};
}

interface Source {
  file: string;
  ext: string;
  hash: string;
  sidecar: Sidecar;
  words: string[];
}

async function describe(dir: string, file: string): Promise<Source> {
  const info = await stat(file);
  const hash = createHash('sha1').update(`${relative(dir, file)}\n${info.size}\n${info.mtimeMs}`).digest('hex').slice(0, 16);
  const sidecar = await readSidecar(file);
  return { file, ext: extname(file).toLowerCase(), hash, sidecar, words: wordsOfName(file) };
}

function operatorTask(storage: ObjectStorage, source: Source, kind: LibraryItem['kind'], make: (dir: string, signal: AbortSignal) => Promise<LibraryItem>): LibraryTask {
  const metaKey = `library/operator/${source.hash}.json`;
  return {
    id: metaKey,
    label: `operator file ${basename(source.file)}`,
    kind,
    async load() {
      if (!(await storage.stat(metaKey))) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read(metaKey)) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as LibraryItem;
    },
    async make(dir, signal) {
      const item = await make(dir, signal);
      const metaPath = join(dir, 'meta.json');
      await writeFile(metaPath, JSON.stringify(item));
      await storage.putFile(metaKey, metaPath, 'application/json');
      return item;
    },
  };
}

const numericId = (hash: string) => Number.parseInt(hash.slice(0, 12), 16);
const tagsOf = (s: Source) => [...new Set([...s.words, ...(s.sidecar.tags ?? []).map((t) => t.toLowerCase())])];
const altOf = (s: Source) => s.sidecar.alt ?? s.sidecar.title ?? s.words.join(' ');

function stockTask(storage: ObjectStorage, media: MediaPort, source: Source): LibraryTask | null {
  const key = `library/operator/${source.hash}${source.ext}`;
  const previewKey = `library/operator/${source.hash}-preview.jpg`;
  if (imageExtensions.has(source.ext)) {
    return operatorTask(storage, source, 'image', async (dir) => {
      const { width = 0, height = 0 } = await sharp(source.file).metadata();
      if (width * height === 0 || width * height > maxImagePixels) throw new Error('not a usable image');
      const preview = join(dir, 'preview.jpg');
      await sharp(source.file).rotate().resize({ width: 540, withoutEnlargement: true }).jpeg({ quality: 82 }).toFile(preview);
      await storage.putFile(previewKey, preview, 'image/jpeg');
      await storage.putFile(key, source.file, contentTypes[source.ext]!);
      const keys = { original: key, large: previewKey, portrait: previewKey };
      return { kind: 'image', id: numericId(source.hash), alt: altOf(source), tags: tagsOf(source), width, height, keys };
    });
  }
  if (videoExtensions.has(source.ext)) {
    return operatorTask(storage, source, 'video', async (dir, signal) => {
      const info = await media.probe(source.file);
      if (!info.hasVideo || !(info.duration > 0) || !info.width || !info.height) throw new Error('not a usable video');
      const poster = join(dir, 'poster.jpg');
      await media.runFfmpeg(posterFrameArgs(source.file, poster, { width: 540, at: Math.min(1, info.duration / 3) }), { duration: 1, signal, timeoutMs: 60_000 });
      await storage.putFile(previewKey, poster, 'image/jpeg');
      await storage.putFile(key, source.file, contentTypes[source.ext]!);
      const quality = Math.min(info.width, info.height) >= 2160 ? 'uhd' : Math.min(info.width, info.height) >= 720 ? 'hd' : 'sd';
      return {
        kind: 'video', id: numericId(source.hash), alt: altOf(source), tags: tagsOf(source), width: info.width, height: info.height,
        duration: info.duration, posterKey: previewKey, files: [{ quality, width: info.width, height: info.height, key }],
      };
    });
  }
  return null;
}

function musicTask(storage: ObjectStorage, media: MediaPort, source: Source): LibraryTask | null {
  if (!audioExtensions.has(source.ext)) return null;
  return operatorTask(storage, source, 'track', async () => {
    const info = await media.probe(source.file);
    if (!info.hasAudio || !(info.duration > 0)) throw new Error('not a usable audio file');
    const key = `library/operator/${source.hash}${source.ext}`;
    await storage.putFile(key, source.file, contentTypes[source.ext]!);
    const title = source.sidecar.title ?? source.words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
    return { kind: 'track', id: `operator-${source.hash}`, title, mood: source.sidecar.mood ?? null, duration: info.duration, key, silent: false };
  });
}

/** Tasks for the operator's folders; files of other types (and the sidecars themselves) are skipped. */
export async function operatorTasks(storage: ObjectStorage, media: MediaPort, dirs: { stockDir?: string; musicDir?: string }): Promise<LibraryTask[]> {
  const tasks: LibraryTask[] = [];
  for (const [dir, toTask] of [
    [dirs.stockDir, stockTask],
    [dirs.musicDir, musicTask],
  ] as const) {
    if (!dir) continue;
    for (const file of await filesUnder(dir)) {
      const made = toTask(storage, media, await describe(dir, file));
      if (made) tasks.push(made);
    }
  }
  return tasks;
}
