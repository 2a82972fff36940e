import { Readable } from 'node:stream';
import { bgMusicTexts, noBackgroundMusicTitle } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** A library track as the media library lists it (storage key, not URL). */
export interface LibraryTrackRef {
  key: string;
  title: string;
  silent: boolean;
}

export interface BgMusicDependencies {
  workflow: WorkflowProjects;
  uploads: UploadService;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  libraryTracks(): readonly LibraryTrackRef[];
}

/** SPEC §7 upload-music and update-bg-music: the track is a library one, the user's own upload, or none. */
export function createBgMusicService(deps: BgMusicDependencies) {
  /** The document's music for a URL: a listed library track or an audio file the user uploaded; nothing else. */
  async function musicFor(userId: string, url: string): Promise<{ key: string | null; title: string }> {
    const key = keyOfSignedUrl(url, deps.signer);
    if (!key) throw new UserFacingError(400, bgMusicTexts.notYourTrack);
    const listed = deps.libraryTracks().find((track) => track.key === key);
    // The silent track is 'No Background Music' by another name.
    if (listed) return { key: listed.silent ? null : listed.key, title: listed.silent ? noBackgroundMusicTitle : listed.title };
    const object = ownerOfKey(key) === userId ? await deps.storage.stat(key) : null;
    if (!object?.contentType.startsWith('audio/')) throw new UserFacingError(400, bgMusicTexts.notYourTrack);
    return { key, title: bgMusicTexts.uploadedTitle };
  }

  return {
    /** The file was read within the music policy's byte limit; the upload service checks it is really an MP3. */
    async upload(userId: string, file: { content: Buffer; filename: string }): Promise<{ s3_url: string }> {
      const upload = await deps.uploads.receive(userId, 'music', { stream: Readable.from([file.content]), filename: file.filename, wasTruncated: () => false });
      return { s3_url: upload.url };
    },

    async update(userId: string, request: { videoId?: string; bgMusic: string }): Promise<{ status: 'success'; title: string }> {
      const project = await deps.workflow.resolve(userId, request.videoId);
      const choice = request.bgMusic.trim();
      const music = choice === '' || choice.toLowerCase() === 'none' ? { key: null, title: noBackgroundMusicTitle } : await musicFor(userId, choice);
      await deps.workflow.save(project, { music });
      return { status: 'success', title: music.title };
    },
  };
}

export type BgMusicService = ReturnType<typeof createBgMusicService>;
