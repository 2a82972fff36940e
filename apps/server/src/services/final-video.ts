import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { maxVideoSeconds, quotaMessages, subtitleTexts, workflowMessages, type FinalVideoStatus, type SubtitleStyleName } from '@reelsmith/contracts';
import type { JobStatusRecord } from '../db/repositories/job-status.ts';
import type { ProjectRecord } from '../db/repositories/projects.ts';
import { UserFacingError } from '../errors.ts';
import type { FinalRenderJob } from '../jobs/final-render-job.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { FileUrlSigner } from './file-urls.ts';
import type { OwnSoundService } from './own-sound.ts';
import { toStoredComposition, type ProjectDocument } from './project-document.ts';
import { keyOfSignedUrl } from './projects.ts';
import type { QuotaService } from './quotas.ts';
import { currentSubtitles, editedSubtitles, type DocumentSubtitles, type SubtitleSettings } from './subtitles.ts';
import type { UploadService } from './uploads.ts';
import type { WorkflowProjects } from './workflow-projects.ts';

export interface FinalVideoRequest extends SubtitleSettings {
  videoId?: string;
  subtitlesEnabled: boolean;
  srt: string;
  style: SubtitleStyleName;
  /** The optional credits/CTA image, already read into memory (the upload policy caps its size). */
  ctaImage?: { content: Buffer; filename: string };
}

export interface FinalVideoDependencies {
  workflow: WorkflowProjects;
  queue: JobQueue;
  job: FinalRenderJob;
  quotas: QuotaService;
  uploads: UploadService;
  signer: FileUrlSigner;
  ownSound: OwnSoundService;
}

/** The subtitles part of the document as the final-video form leaves it. */
function subtitlesForFinal(doc: ProjectDocument, request: FinalVideoRequest): DocumentSubtitles | undefined {
  const look = { style: request.style, position: request.position, fontSize: request.fontSize };
  if (!request.subtitlesEnabled) return doc.subtitles && { ...doc.subtitles, ...look, enabled: false };
  const edited = request.srt.trim() ? editedSubtitles(doc, request, request.srt) : currentSubtitles(doc);
  if (!edited || edited.cues.length === 0) {
    throw new UserFacingError(400, doc.subtitles?.cues.length ? subtitleTexts.staleSubtitles : subtitleTexts.generateFirst);
  }
  if (edited.wordsPerChunk !== request.wordsPerChunk) throw new UserFacingError(409, subtitleTexts.wordsPerChunkLocked(edited.wordsPerChunk));
  return { ...edited, ...look, enabled: true };
}

/**
 * What the render would produce, independent of upload names: the same document (and the same CTA image bytes,
 * however many times uploaded) gives the same fingerprint, so a double click joins the render already running.
 */
function fingerprintOf(projectId: string, composition: ReturnType<typeof toStoredComposition>, ctaDigest: string | null): string {
  const stable = composition.closingImage && ctaDigest ? { ...composition, closingImage: { ...composition.closingImage, path: ctaDigest } } : composition;
  return createHash('sha256').update(JSON.stringify({ projectId, stable })).digest('hex');
}

const failedStates = new Set<JobStatusRecord['state']>(['error', 'cancelled']);

export function createFinalVideoService(deps: FinalVideoDependencies) {
  const { workflow, queue, signer } = deps;

  function statusOf(project: ProjectRecord, record: JobStatusRecord): FinalVideoStatus {
    const key = typeof record.result?.key === 'string' ? record.result.key : null;
    const status = record.state === 'done' ? 'done' : failedStates.has(record.state) ? 'error' : 'processing';
    return {
      job_id: record.id,
      video_id: project.id,
      status,
      percent: record.percent,
      final_video_url: status === 'done' && key ? signer.sign(key) : null,
      error: status === 'error' ? (record.error ?? workflowMessages.finalFailed) : null,
    };
  }

  /** A project's first final video needs a credit; a re-render of a finished one does not. */
  async function assertCreditFor(project: ProjectRecord): Promise<void> {
    if (project.completedAt) return;
    const subscription = await deps.quotas.current(project.userId);
    if (subscription.videosUsed >= subscription.videosAllowed) throw new UserFacingError(403, quotaMessages.videos);
  }

  async function storeCtaImage(userId: string, image: NonNullable<FinalVideoRequest['ctaImage']>): Promise<string> {
    const upload = await deps.uploads.receive(userId, 'cta-image', {
      stream: Readable.from([image.content]),
      filename: image.filename,
      wasTruncated: () => false,
    });
    return keyOfSignedUrl(upload.url, signer)!;
  }

  return {
    /** Saves the form's choices into the document, then starts (or joins) its one final render. */
    async start(userId: string, request: FinalVideoRequest): Promise<FinalVideoStatus> {
      const project = await workflow.resolve(userId, request.videoId);
      const stored = workflow.document(project);
      if (!stored.background) throw new UserFacingError(400, subtitleTexts.noBackground);
      // A user's own video that talks (Add B-Rolls) needs no voiceover: its own sound is kept.
      const ownSound = stored.voiceover ? undefined : await deps.ownSound.measured(stored);
      if (!stored.voiceover && !ownSound?.hasAudio) throw new UserFacingError(400, subtitleTexts.noVoiceover);
      const doc = ownSound ? { ...stored, ownSound } : stored;
      const subtitles = subtitlesForFinal(doc, request);
      await assertCreditFor(project);

      const closingImageKey = request.ctaImage ? await storeCtaImage(userId, request.ctaImage) : null;
      const ctaDigest = request.ctaImage ? createHash('sha256').update(request.ctaImage.content).digest('hex') : null;
      const saved = workflow.document(await workflow.save(project, { ...(subtitles ? { subtitles } : {}), ...(ownSound ? { ownSound } : {}), closingImageKey }));
      // SPEC §9: every video type is at most 59 s, however long the voiceover (a long script, tempo 0.5) runs.
      const composition = toStoredComposition(saved, { maxSeconds: maxVideoSeconds });
      const fingerprint = fingerprintOf(project.id, composition, ctaDigest);

      // The same document again joins its render, unless that one failed: then a new attempt gets a key of its own.
      const previous = saved.finalRender?.fingerprint === fingerprint ? saved.finalRender : undefined;
      const previousFailed = previous ? failedStates.has((await queue.status(userId, previous.jobId)).state) : false;
      const idempotencyKey = !previous ? `final:${fingerprint}` : previousFailed ? `final:${fingerprint}:after:${previous.jobId}` : previous.idempotencyKey;

      const record = await queue.enqueue(deps.job, { projectId: project.id, composition }, { userId, idempotencyKey });
      await workflow.save(project, { finalRender: { jobId: record.id, fingerprint, idempotencyKey } });
      return statusOf(project, record);
    },

    async check(userId: string, videoId?: string): Promise<FinalVideoStatus> {
      const project = await workflow.resolve(userId, videoId);
      const render = workflow.document(project).finalRender;
      if (!render) throw new UserFacingError(404, subtitleTexts.noFinalVideo);
      return statusOf(project, await queue.status(userId, render.jobId));
    },
  };
}

export type FinalVideoService = ReturnType<typeof createFinalVideoService>;
