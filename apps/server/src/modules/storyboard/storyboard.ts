import { createHash } from 'node:crypto';
import {
  maxSceneChars,
  maxStoryboardVideoBytes,
  maxVideoSeconds,
  storyboardSceneCount,
  storyboardTexts,
  storyboardTimeoutMs,
  uploadPolicies,
  type SceneMedia,
  type ScenesResponse,
} from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { BusinessBrief, Writer } from '../../providers/writer/index.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectVideoJobs } from '../../core/project/project-video-jobs.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import { sceneMediaResponse } from './scene-media.ts';
import { sceneLengths } from './storyboard-timing.ts';
import { inspectBuffer, type MediaProber } from '../../core/files/upload-inspection.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** Scene N's video as the form sent it: a file (or the note that it ran past the limit), or a signed upload URL. */
export interface SceneVideoInput {
  file?: { content: Buffer; filename: string; tooLarge: boolean };
  url?: string;
}

export interface StoryboardDependencies {
  workflow: WorkflowProjects;
  writer: Writer;
  /** The user's saved business profile: the scenes show that business. */
  business: (userId: string) => Promise<BusinessBrief | undefined>;
  uploads: UploadService;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  videoJobs: ProjectVideoJobs;
  /** ffprobe plus a decode check, as uploads use: every file is checked before any is stored. */
  probeMedia: MediaProber;
  probeDuration(path: string): Promise<number>;
  tmpDir: string;
  /** How long generate-storyboard waits for its render (SPEC §7: the page gives it 120 s). */
  waitMs?: number;
}

type CheckedVideo = { n: number; file: { content: Buffer; filename: string } } | { n: number; key: string };

const fingerprint = (script: string) => createHash('sha256').update(script).digest('hex');
const policy = uploadPolicies['storyboard-video'];

function toResponse(scenes: string[], videoId: string, sceneMedia: SceneMedia[]): ScenesResponse {
  const [scene1 = '', scene2 = '', scene3 = '', scene4 = '', scene5 = '', scene6 = ''] = scenes;
  return { scene1, scene2, scene3, scene4, scene5, scene6, video_id: videoId, scene_media: sceneMedia };
}

/** SPEC §7 generate-and-store-scenes, update-scene and generate-storyboard over the project document. */
export function createStoryboardService(deps: StoryboardDependencies) {
  const { workflow, signer, storage } = deps;

  /** SPEC §5 checks in scene order, the same as the page's: missing, empty, over 8 MB, then what the bytes are. */
  async function checkVideos(userId: string, videos: SceneVideoInput[]): Promise<CheckedVideo[]> {
    const checked: CheckedVideo[] = [];
    for (let n = 1; n <= storyboardSceneCount; n++) {
      const { file, url } = videos[n - 1] ?? {};
      if (file) {
        if (file.content.length === 0) throw new UserFacingError(400, storyboardTexts.emptyVideo(n));
        if (file.tooLarge || file.content.length > maxStoryboardVideoBytes) throw new UserFacingError(413, storyboardTexts.videoTooLarge(n));
        checked.push({ n, file });
      } else if (url?.trim()) {
        const key = keyOfSignedUrl(url.trim(), signer);
        const object = key && ownerOfKey(key) === userId ? await storage.stat(key) : null;
        if (!key || !object?.contentType.startsWith('video/')) throw new UserFacingError(400, storyboardTexts.notYourVideo(n));
        if (object.size === 0) throw new UserFacingError(400, storyboardTexts.emptyVideo(n));
        if (object.size > maxStoryboardVideoBytes) throw new UserFacingError(413, storyboardTexts.videoTooLarge(n));
        checked.push({ n, key });
      } else {
        throw new UserFacingError(400, storyboardTexts.missingVideo(n));
      }
    }
    for (const video of checked) {
      if (!('file' in video)) continue;
      try {
        await inspectBuffer(video.file.content, policy, deps.probeMedia, deps.tmpDir);
      } catch (error) {
        if (error instanceof UserFacingError) throw new UserFacingError(error.statusCode, storyboardTexts.videoRefused(video.n, error.message));
        throw error;
      }
    }
    return checked;
  }

  /** Stores the checked files as the user's uploads; every clip comes back as a storage key with its length. */
  async function storeVideos(userId: string, checked: CheckedVideo[]): Promise<{ key: string; duration: number }[]> {
    const clips = [];
    for (const video of checked) {
      let key: string;
      if ('file' in video) {
        key = await deps.uploads.storeBuffer(userId, 'storyboard-video', video.file);
      } else {
        key = video.key;
      }
      clips.push({ key, duration: await deps.probeDuration(await storage.localPath(key)) });
    }
    return clips;
  }

  const storedScenes = (project: ProjectRecord) => {
    const scenes = workflow.document(project).scenes;
    return scenes?.length === storyboardSceneCount ? scenes : null;
  };

  return {
    /** The stored scenes while the script is the one they were written from; otherwise six new ones from the writer. */
    async scenes(userId: string, videoId?: string): Promise<ScenesResponse> {
      const project = await workflow.resolve(userId, videoId);
      const script = project.script?.trim();
      if (!script) throw new UserFacingError(409, storyboardTexts.needsScript);
      const stored = storedScenes(project);
      const media = sceneMediaResponse(workflow.document(project), signer);
      if (stored && workflow.document(project).scenesScript === fingerprint(script)) return toResponse(stored, project.id, media);
      const written = (await deps.writer.storyboardScenes({ script, business: await deps.business(userId) })).map((scene) => scene.trim().slice(0, maxSceneChars));
      await workflow.save(project, { scenes: written, scenesScript: fingerprint(script) });
      return toResponse(written, project.id, media);
    },

    async updateScene(userId: string, request: { videoId?: string; index: number; text: string }): Promise<{ status: 'success'; video_id: string }> {
      const project = await workflow.resolve(userId, request.videoId);
      const stored = storedScenes(project);
      if (!stored) throw new UserFacingError(409, storyboardTexts.needsScenes);
      const scenes = stored.map((scene, i) => (i === request.index - 1 ? request.text : scene));
      await workflow.save(project, { scenes });
      return { status: 'success', video_id: project.id };
    },

    /**
     * One clip per scene, each on screen while the voiceover says that scene's words, under the voiceover; rendered
     * as the project's preview and answered in one request (SPEC §7 returns user_video_url).
     */
    async generate(userId: string, request: { videoId?: string; texts: (string | undefined)[]; videos: SceneVideoInput[] }): Promise<{ user_video_url: string; video_id: string }> {
      const project = await workflow.resolve(userId, request.videoId);
      const checked = await checkVideos(userId, request.videos);
      const voiceover = workflow.document(project).voiceover;
      if (!voiceover) throw new UserFacingError(409, storyboardTexts.needsVoiceover);

      const stored = storedScenes(project) ?? [];
      const scenes = Array.from({ length: storyboardSceneCount }, (_, i) => (request.texts[i]?.trim() ?? stored[i] ?? '').slice(0, maxSceneChars));
      const clips = await storeVideos(userId, checked);
      const lengths = sceneLengths(scenes, { duration: Math.min(voiceover.duration, maxVideoSeconds), words: voiceover.words });
      const saved = await workflow.save(project, {
        scenes,
        background: { kind: 'clips', fit: 'trim', clips: clips.map((clip, i) => ({ ...clip, length: lengths[i]! })) },
      });
      const { jobId } = await deps.videoJobs.start(saved, 'storyboard');
      // The server gives up a little before the page does, so the page shows the server's reason, not its own timeout.
      const waitMs = deps.waitMs ?? storyboardTimeoutMs - 10_000;
      return { user_video_url: await deps.videoJobs.waitForUrl(userId, jobId, waitMs), video_id: project.id };
    },
  };
}

export type StoryboardService = ReturnType<typeof createStoryboardService>;
