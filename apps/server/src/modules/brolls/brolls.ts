import { Readable } from 'node:stream';
import { brollTexts, dashboardTexts, maxBrolls, workflowMessages } from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { RenderJob } from '../../jobs/render-job.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import { toStoredComposition, type ProjectDocument } from '../../core/project/project-document.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

/** One overlay row as the form sent it: any of its parts may be missing; `n` is its number in the form (1..). */
export interface BrollRowInput {
  n: number;
  file?: { content: Buffer; filename: string };
  imageUrl?: string;
  start?: string;
  end?: string;
}

export interface BrollsDependencies {
  workflow: WorkflowProjects;
  uploads: UploadService;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  queue: JobQueue;
  renderJob: RenderJob;
  probeDuration(path: string): Promise<number>;
  /** How long add-brolls waits for its preview before giving up (SPEC §7 answers {video_url} in one call). */
  previewWaitMs?: number;
  pollMs?: number;
}

interface CompleteRow {
  n: number;
  image: { content: Buffer; filename: string } | { url: string };
  start: number;
  end: number;
}

const present = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** SPEC §5: a row is empty or complete (image, start, end); empty rows are dropped, at most five remain. */
export function completeRows(rows: BrollRowInput[], durationSeconds: number): CompleteRow[] {
  const filled = rows.filter((row) => row.file || present(row.imageUrl) || present(row.start) || present(row.end));
  if (filled.some((row) => row.n > maxBrolls)) throw new UserFacingError(400, brollTexts.tooManyRows);
  if (filled.length === 0) throw new UserFacingError(400, brollTexts.noRows);
  return filled.map((row) => {
    const start = Number(row.start);
    const end = Number(row.end);
    if ((!row.file && !present(row.imageUrl)) || !present(row.start) || !present(row.end) || !Number.isFinite(start) || !Number.isFinite(end)) {
      throw new UserFacingError(400, brollTexts.incompleteRow(row.n));
    }
    // Each bound is named on its own, so the message says which number to change.
    if (start < 0) throw new UserFacingError(400, brollTexts.negativeStart(row.n));
    if (start >= durationSeconds) throw new UserFacingError(400, brollTexts.startOutsideVideo(row.n, durationSeconds));
    // A hundredth of a second of slack: the page rounds the probed length it shows.
    if (end > durationSeconds + 0.01) throw new UserFacingError(400, brollTexts.outsideVideo(row.n, durationSeconds));
    if (end <= start) throw new UserFacingError(400, brollTexts.badTimes(row.n));
    return { n: row.n, image: row.file ?? { url: row.imageUrl!.trim() }, start, end };
  });
}

const failedStates = new Set(['error', 'cancelled']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SPEC §7 add-brolls, skip-broll and save-broll-url over the project document. */
export function createBrollsService(deps: BrollsDependencies) {
  const { workflow, signer } = deps;

  /** The main video must be a signed link to one of the user's own videos. */
  async function ownVideo(userId: string, url: string): Promise<{ key: string; duration: number }> {
    const key = keyOfSignedUrl(url, signer);
    const object = key && ownerOfKey(key) === userId ? await deps.storage.stat(key) : null;
    if (!key || !object?.contentType.startsWith('video/')) throw new UserFacingError(400, dashboardTexts.invalidVideoUrl);
    return videoOfKey(key);
  }

  async function videoOfKey(key: string): Promise<{ key: string; duration: number }> {
    return { key, duration: await deps.probeDuration(await deps.storage.localPath(key)) };
  }

  async function ownImageKey(userId: string, row: CompleteRow): Promise<string> {
    if ('content' in row.image) {
      const upload = await deps.uploads.receive(userId, 'broll-image', { stream: Readable.from([row.image.content]), filename: row.image.filename, wasTruncated: () => false });
      return keyOfSignedUrl(upload.url, signer)!;
    }
    const key = keyOfSignedUrl(row.image.url, signer);
    const object = key && ownerOfKey(key) === userId ? await deps.storage.stat(key) : null;
    if (!key || !object?.contentType.startsWith('image/')) throw new UserFacingError(400, brollTexts.notYourImage(row.n));
    return key;
  }

  /** The background the overlays sit on: the chosen video, unless the project already plays exactly that. */
  async function backgroundFor(project: ProjectRecord, video: { key: string; duration: number }): Promise<Partial<ProjectDocument>> {
    const current = workflow.document(project).background;
    if (current?.kind === 'clips' && current.clips.some((clip) => clip.key === video.key)) return {};
    // The project's preview was rendered from this very background (storyboard, combined, converted images): the
    // final video should come from the sources, not from the low-resolution preview.
    if (current && video.key === project.previewVideoKey) return {};
    if (project.sourceVideoKey !== video.key) await workflow.update(project, { sourceVideoKey: video.key });
    return { background: { kind: 'clips', clips: [video], fit: 'trim' } };
  }

  async function waitForPreview(userId: string, jobId: string): Promise<string> {
    const deadline = Date.now() + (deps.previewWaitMs ?? 90_000);
    while (Date.now() < deadline) {
      const record = await deps.queue.status(userId, jobId);
      const key = typeof record.result?.key === 'string' ? record.result.key : null;
      if (record.state === 'done' && key) return key;
      if (failedStates.has(record.state)) break;
      await sleep(deps.pollMs ?? 500);
    }
    throw new UserFacingError(502, workflowMessages.overlayFailedLater);
  }

  return {
    async add(userId: string, request: { videoId?: string; mainVideoUrl: string; rows: BrollRowInput[] }): Promise<{ video_url: string; video_id: string }> {
      const project = await workflow.resolve(userId, request.videoId);
      if (!request.mainVideoUrl.trim()) throw new UserFacingError(400, brollTexts.noMainVideo);
      const video = await ownVideo(userId, request.mainVideoUrl.trim());
      const rows = completeRows(request.rows, video.duration);
      const overlays = [];
      for (const row of rows) overlays.push({ imageKey: await ownImageKey(userId, row), start: row.start, end: row.end });

      const background = await backgroundFor(project, video);
      const saved = await workflow.save(project, { ...background, overlays });
      const composition = toStoredComposition(workflow.document(saved), { withSubtitles: false });
      const outputKey = `users/${userId}/renders/${project.id}-broll-preview.mp4`;
      // A new job per request: the same output key is overwritten, so only the latest preview is kept.
      const job = await deps.queue.enqueue(deps.renderJob, { composition, profile: 'preview', outputKey }, { userId });
      return { video_url: signer.sign(await waitForPreview(userId, job.id)), video_id: project.id };
    },

    /** Keeps (or sets, from the chosen video) the background and drops any overlays. */
    async skip(userId: string, request: { videoId?: string; mainVideoUrl?: string }): Promise<{ status: 'success' }> {
      const project = await workflow.resolve(userId, request.videoId);
      const url = request.mainVideoUrl?.trim();
      const source = project.sourceVideoKey;
      let background: Partial<ProjectDocument> = {};
      if (url) background = await backgroundFor(project, await ownVideo(userId, url));
      else if (!workflow.document(project).background && source) background = await backgroundFor(project, await videoOfKey(source));
      await workflow.save(project, { ...background, overlays: [] });
      return { status: 'success' };
    },

    /** Records the preview the user settled on; it must be one of their own videos. */
    async saveUrl(userId: string, request: { videoId?: string; url: string }): Promise<{ status: 'success' }> {
      const project = await workflow.resolve(userId, request.videoId);
      const key = keyOfSignedUrl(request.url, signer);
      if (!key || ownerOfKey(key) !== userId || !(await deps.storage.stat(key))) throw new UserFacingError(400, dashboardTexts.invalidVideoUrl);
      await workflow.save(project, { brollPreviewKey: key });
      return { status: 'success' };
    },
  };
}

export type BrollsService = ReturnType<typeof createBrollsService>;
