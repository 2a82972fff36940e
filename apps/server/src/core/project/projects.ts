import { randomUUID } from 'node:crypto';
import { dashboardTexts, quotaMessages, scrollStopperTexts, untitledVideo, uploadPolicies, videoTitleMaxLength, type ProjectVideoType, type UploadPurpose, type VideoItem } from '@reelsmith/contracts';
import type { FinishedVideoRecord, ProjectRecord, ProjectsRepository } from '../../db/repositories/projects.ts';
import type { UploadsRepository } from '../../db/repositories/uploads.ts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../files/file-urls.ts';
import { newProjectDocument } from './project-document.ts';
import type { QuotaService } from '../credits/quotas.ts';

export interface ProjectsServiceDependencies {
  projects: ProjectsRepository;
  quotas: QuotaService;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  uploads: Pick<UploadsRepository, 'findOwnedByKey'>;
  probeDuration(path: string): Promise<number>;
  /** The Scroll Stopper backgrounds made so far (a fresh install makes them over a few minutes). */
  backgrounds: () => readonly LibraryBackground[];
}

/**
 * What a project starts from: the user's own video, a stock video picked on the Scroll Stopper page (looped under
 * the voiceover later, as any video without a background of its own is), or one of the library's backgrounds.
 */
/** A library background as a project starts from it (the media library lists them). */
export interface LibraryBackground {
  id: string;
  duration: number;
  videoKey: string;
}

type EntrySource = { kind: 'own'; key: string } | { kind: 'stock'; key: string } | { kind: 'background'; background: LibraryBackground };

/** Stock videos are not the user's own media: like a library background they repeat under the voiceover. */
const stockPurposes: ReadonlySet<string> = new Set(['scroll-stopper-stock', 'stock-video'] satisfies UploadPurpose[]);

/** The storage key a `/files/<key>?exp=&sig=` URL names, if this server signed it and it has not expired. */
export function keyOfSignedUrl(url: string, signer: FileUrlSigner): string | null {
  let parsed: URL;
  let key: string;
  try {
    // Relative URLs (what the server hands out) and absolute ones to any host read the same: the signature decides.
    parsed = new URL(url, 'http://relative.invalid');
    if (!parsed.pathname.startsWith('/files/')) return null;
    key = parsed.pathname.slice('/files/'.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  const verified = signer.verify(key, parsed.searchParams.get('exp') ?? undefined, parsed.searchParams.get('sig') ?? undefined);
  return verified ? key : null;
}

/**
 * A library background is the project's background, looped under the voiceover. It has no speech, so the script
 * step has nothing to listen to, and it is shown as it is: the clip itself is the project's preview.
 */
function backgroundProject(background: LibraryBackground) {
  const clips = [{ key: background.videoKey, duration: background.duration }];
  const composition = newProjectDocument({ background: { kind: 'clips', clips, fit: 'loop', hasSpeech: false } });
  return { sourceVideoKey: null, previewVideoKey: background.videoKey, composition };
}

/**
 * The user's own Scroll Stopper video plays once and whole (up to 59 s, SPEC §9), as in the other flows built from
 * the user's own media: the voiceover may end before it, the music carries the rest. Its sound is listened to on
 * the script step, so it is not marked silent.
 */
function ownVideoProject(key: string, duration: number) {
  const composition = newProjectDocument({ background: { kind: 'clips', clips: [{ key, duration }], fit: 'trim' } });
  return { sourceVideoKey: key, composition };
}

/** A video the user has not named is called by its script's first line, cut at a word to fit a card. */
export function videoTitle(record: Pick<ProjectRecord, 'title' | 'script'>): string {
  const firstLine = record.script?.split('\n').map((line) => line.trim()).find(Boolean);
  if (record.title !== untitledVideo || !firstLine) return record.title;
  if (firstLine.length <= videoTitleMaxLength) return firstLine;
  const cut = firstLine.slice(0, videoTitleMaxLength - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export function createProjectsService(deps: ProjectsServiceDependencies) {
  const toVideoItem = (record: FinishedVideoRecord): VideoItem => ({
    id: record.id,
    brand_id: record.brandId,
    video_url: deps.signer.sign(record.finalVideoKey!),
    poster_url: record.posterKey ? deps.signer.sign(record.posterKey) : null,
    title: videoTitle(record),
    created_at: (record.completedAt ?? record.createdAt).toISOString(),
  });

  /**
   * A video URL from the client becomes a project's source only if it is a signed link to one of the user's own
   * videos or, for a Scroll Stopper, to one of the library's backgrounds.
   */
  async function entrySource(userId: string, url: string, videoType: ProjectVideoType): Promise<EntrySource> {
    const key = keyOfSignedUrl(url, deps.signer);
    const background = key && videoType === 'scroll-stopper' ? deps.backgrounds().find((b) => b.videoKey === key) : undefined;
    if (background) return { kind: 'background', background };
    const object = key && ownerOfKey(key) === userId ? await deps.storage.stat(key) : null;
    if (!key || !object?.contentType.startsWith('video/')) throw new UserFacingError(400, dashboardTexts.invalidVideoUrl);
    // The page's limit (SPEC §5), also for a video that came in through another door.
    if (videoType === 'scroll-stopper' && object.size > uploadPolicies['scroll-stopper-video'].maxBytes) {
      throw new UserFacingError(413, scrollStopperTexts.tooLarge);
    }
    if (videoType !== 'scroll-stopper') return { kind: 'own', key };
    const upload = await deps.uploads.findOwnedByKey(userId, key);
    return { kind: upload && stockPurposes.has(upload.purpose) ? 'stock' : 'own', key };
  }

  async function projectFrom(source: EntrySource | null, videoType: ProjectVideoType) {
    if (source?.kind === 'background') return backgroundProject(source.background);
    // Other flows set the background of their own video on a later step (B-rolls, combining).
    if (source?.kind === 'own' && videoType === 'scroll-stopper') {
      return ownVideoProject(source.key, await deps.probeDuration(await deps.storage.localPath(source.key)));
    }
    return { sourceVideoKey: source?.key ?? null };
  }

  return {
    /** `brandId`: one brand's videos; undefined: every brand's. */
    async listVideos(userId: string, brandId?: string): Promise<VideoItem[]> {
      return (await deps.projects.listFinished(userId, brandId)).map(toVideoItem);
    },

    async renameVideo(userId: string, id: string, title: string): Promise<void> {
      const project = await deps.projects.findOwned(userId, id);
      if (!project?.finalVideoKey) throw new UserFacingError(404, dashboardTexts.videoNotFound);
      await deps.projects.update(userId, id, { title });
    },

    /**
     * The project goes with its final video: its row and every file only it names. The credit the render took stays
     * used (the video was made), so nothing is given back.
     */
    async deleteVideo(userId: string, id: string): Promise<void> {
      const deleted = await deps.projects.deleteFinished(userId, id);
      if (!deleted?.finalVideoKey) throw new UserFacingError(404, dashboardTexts.videoNotFound);
      const ownFiles = [deleted.finalVideoKey, deleted.posterKey].filter((key): key is string => key !== null && ownerOfKey(key) === userId);
      await Promise.all(ownFiles.map((key) => deps.storage.delete(key)));
    },

    /**
     * Starts a video project ("video entry"). Credits are counted when the final video renders; starting one with
     * none left would only lead to a refusal at the end, so it is refused here.
     */
    async createEntry(userId: string, entry: { videoType: ProjectVideoType; userVideoUrl?: string }): Promise<{ id: string }> {
      const subscription = await deps.quotas.current(userId);
      if (subscription.videosUsed >= subscription.videosAllowed) throw new UserFacingError(403, quotaMessages.videos);
      // An empty user_video_url is how a form says "none", as much as leaving it out.
      const source = entry.userVideoUrl ? await entrySource(userId, entry.userVideoUrl, entry.videoType) : null;
      const created = await deps.projects.create({ id: randomUUID(), userId, videoType: entry.videoType, ...(await projectFrom(source, entry.videoType)) });
      return { id: created.id };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
