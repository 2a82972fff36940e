import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  finalVideoTexts,
  maxVideoSeconds,
  plans,
  quotaMessages,
  subtitleTexts,
  videoFileName,
  workflowMessages,
  type FinalVideoCost,
  type FinalVideoStatus,
  type PlanId,
  type SubtitleStyleName,
} from '@reelsmith/contracts';
import type { BrandRecord } from '../../db/repositories/brands.ts';
import type { JobStatusRecord } from '../../db/repositories/job-status.ts';
import { brandLookOf } from '../../core/brand/brand-look.ts';
import { brandFieldsOf } from '../../core/brand/brand-fields.ts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { FinalRenderJob } from '../../jobs/final-render-job.ts';
import type { StoredComposition } from '../../jobs/stored-composition.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { OwnSoundService } from '../../core/project/own-sound.ts';
import { ownVideoClip, readProjectDocument, toStoredComposition, type ProjectDocument } from '../../core/project/project-document.ts';
import { keyOfSignedUrl, videoTitle } from '../../core/project/projects.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import { currentSubtitles, editedSubtitles, type DocumentSubtitles, type SubtitleSettings } from '../../core/project/document-subtitles.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { PaidJobs } from '../../core/paid-jobs/paid-jobs.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

export interface FinalVideoRequest extends SubtitleSettings {
  videoId?: string;
  subtitlesEnabled: boolean;
  srt: string;
  style: SubtitleStyleName;
  /** The final step's switch: false leaves the brand's logo out of this video. */
  logoEnabled: boolean;
  /** The final step's switch for the brand's end card (shown when the brand has a call to action). */
  endCardEnabled: boolean;
  /** The optional credits/CTA image, already read into memory (the upload policy caps its size). */
  ctaImage?: { content: Buffer; filename: string };
}

export interface FinalVideoDependencies {
  workflow: WorkflowProjects;
  queue: JobQueue;
  job: FinalRenderJob;
  quotas: Pick<QuotaService, 'current'>;
  uploads: UploadService;
  signer: FileUrlSigner;
  ownSound: OwnSoundService;
  paidJobs: PaidJobs;
  /** The brand the project belongs to (its logo, colours and end card); undefined for a user with none. */
  brandOf: (userId: string, projectId: string) => Promise<BrandRecord | undefined>;
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
function fingerprintOf(projectId: string, composition: StoredComposition, ctaDigest: string | null): string {
  const stable = composition.closingImage && ctaDigest ? { ...composition, closingImage: { duration: composition.closingImage.duration, digest: ctaDigest } } : composition;
  return createHash('sha256').update(JSON.stringify({ projectId, stable })).digest('hex');
}

const failedStates = new Set<JobStatusRecord['state']>(['error', 'cancelled']);
const inFlightStates = new Set<JobStatusRecord['state']>(['queued', 'processing']);
/** How often a long poll looks at the job again: the outcome reaches the page within this of being stored. */
const longPollStepMs = 200;

/** The sound a final video is made with: the voiceover, else the user's own video's sound (Add B-Rolls). */
const audioKeyOf = (doc: ProjectDocument): string | null => doc.voiceover?.key ?? ownVideoClip(doc)?.key ?? null;

/**
 * A project's first final video uses a credit, and so does one with another voiceover (script, voice or tempo) than
 * the finished one; re-rendering the same voiceover with other looks, music, subtitles or background is free.
 */
function creditRule(project: ProjectRecord, audioKey: string | null): { usesCredit: boolean; newVoiceover: boolean } {
  if (!project.completedAt) return { usesCredit: true, newVoiceover: false };
  const finished = readProjectDocument(project.composition, project.id).finalAudioKey;
  // Videos finished before the voiceover was recorded keep their free re-render.
  const newVoiceover = finished !== undefined && finished !== audioKey;
  return { usesCredit: newVoiceover, newVoiceover };
}

export function createFinalVideoService(deps: FinalVideoDependencies) {
  const { workflow, queue, signer } = deps;

  const atOnceOf = async (userId: string) => plans[(await deps.quotas.current(userId)).planId as PlanId].rendersAtOnce;

  async function statusOf(project: ProjectRecord, record: JobStatusRecord): Promise<FinalVideoStatus> {
    const key = typeof record.result?.key === 'string' ? record.result.key : null;
    const status = record.state === 'done' ? 'done' : failedStates.has(record.state) ? 'error' : 'processing';
    let waiting: string | null = null;
    if (record.state === 'queued') {
      const atOnce = await atOnceOf(project.userId);
      waiting = (await queue.running(project.userId, deps.job)) >= atOnce ? finalVideoTexts.waitingForTurn(atOnce) : finalVideoTexts.waitingInQueue;
    }
    return {
      job_id: record.id,
      video_id: project.id,
      status,
      percent: record.percent,
      final_video_url: status === 'done' && key ? signer.sign(key) : null,
      download_name: status === 'done' && key ? videoFileName(videoTitle(project)) : null,
      error: status === 'error' ? (record.error ?? workflowMessages.finalFailed) : null,
      waiting,
      ...(status === 'processing' ? await queue.estimate(record) : {}),
    };
  }

  /** Refuses early, before anything is stored, when the render would need a credit and none is left. */
  async function assertCreditFor(project: ProjectRecord, audioKey: string | null): Promise<void> {
    if (!creditRule(project, audioKey).usesCredit) return;
    // A render of this project still under way holds a credit, which a newer render takes over (supersede).
    if (await deps.paidJobs.holdsAny(project)) return;
    const subscription = await deps.quotas.current(project.userId);
    if (subscription.videosUsed >= subscription.videosAllowed) throw new UserFacingError(403, quotaMessages.videos);
  }

  /** A newer document replaces a render still under way (both would write the same file); its credit comes back. */
  async function supersede(project: ProjectRecord, jobId: string): Promise<void> {
    const record = await queue.status(project.userId, jobId);
    if (inFlightStates.has(record.state)) await queue.cancel(project.userId, jobId);
    await deps.paidJobs.settle(project.userId, project.id);
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
      // Renders that failed since give their credits back before this one is counted.
      await deps.paidJobs.settleUser(userId);
      const audioKey = audioKeyOf(doc);
      await assertCreditFor(project, audioKey);

      const closingImageKey = request.ctaImage ? await storeCtaImage(userId, request.ctaImage) : null;
      const ctaDigest = request.ctaImage ? createHash('sha256').update(request.ctaImage.content).digest('hex') : null;
      // The brand as it is now: a logo uploaded or a colour changed after an earlier render appears in the next one.
      const brand = await deps.brandOf(userId, project.id);
      const brandLook = brand ? brandLookOf(brand, { logoEnabled: request.logoEnabled, endCardEnabled: request.endCardEnabled }) : undefined;
      // Placed where the brand says, or left out when the brand turned its logo off or the final step did.
      const logoKey = brandLook?.logo ? brand!.logoKey : null;
      const savedProject = await workflow.save(project, { ...(subtitles ? { subtitles } : {}), ...(ownSound ? { ownSound } : {}), closingImageKey, logoKey, ...(brandLook ? { brandLook } : {}) });
      const saved = workflow.document(savedProject);
      // SPEC §9: every video type is at most 59 s, however long the voiceover (a long script, tempo 0.5) runs.
      const composition = toStoredComposition(saved, { maxSeconds: maxVideoSeconds });
      const fingerprint = fingerprintOf(project.id, composition, ctaDigest);

      // The same document again joins its render, unless that one failed: then a new attempt gets a key of its own.
      const previous = saved.finalRender?.fingerprint === fingerprint ? saved.finalRender : undefined;
      const previousRecord = previous && (await queue.status(userId, previous.jobId));
      if (previousRecord && !failedStates.has(previousRecord.state)) return statusOf(project, previousRecord);
      if (saved.finalRender && !previous) await supersede(project, saved.finalRender.jobId);
      const idempotencyKey = previous ? `final:${fingerprint}:after:${previous.jobId}` : `final:${fingerprint}`;

      // The credit is held from the start, so the renders under way never outnumber the credits left.
      const remember = async (job: JobStatusRecord) => {
        await workflow.save(project, { finalRender: { jobId: job.id, fingerprint, idempotencyKey } });
        return statusOf(project, job);
      };
      return deps.paidJobs.start({
        userId,
        credit: creditRule(savedProject, audioKey).usesCredit ? 'videos' : null,
        prepare: async () => ({ project, job: deps.job, payload: { projectId: project.id, composition }, idempotencyKey }),
        began: (_project, job) => remember(job),
        // A simultaneous identical request started it: that one holds the credit.
        followed: (_project, job) => remember(job),
      });
    },

    /** What the next render of the project costs, for the page to say before the user clicks. */
    async cost(userId: string, videoId?: string): Promise<FinalVideoCost> {
      const project = await workflow.resolve(userId, videoId);
      await deps.paidJobs.settleUser(userId);
      const rule = creditRule(project, audioKeyOf(workflow.document(project)));
      const subscription = await deps.quotas.current(userId);
      const brand = await deps.brandOf(userId, project.id);
      const fields = brand ? brandFieldsOf(brand) : undefined;
      return {
        uses_credit: rule.usesCredit,
        new_voiceover: rule.newVoiceover,
        videos_left: Math.max(0, subscription.videosAllowed - subscription.videosUsed),
        renders_at_once: plans[subscription.planId as PlanId].rendersAtOnce,
        has_logo: Boolean(brand?.logoKey),
        ...(fields ? { brand_name: fields.name, end_card_text: fields.cta_text } : {}),
      };
    },

    /** `waitMs`: how long a running render's answer may wait for its outcome (a long poll; `signal` ends it early). */
    async check(userId: string, videoId?: string, waitMs = 0, signal?: AbortSignal): Promise<FinalVideoStatus> {
      const project = await workflow.resolve(userId, videoId);
      const render = workflow.document(project).finalRender;
      if (!render) throw new UserFacingError(404, subtitleTexts.noFinalVideo);
      const deadline = Date.now() + waitMs;
      let record = await queue.status(userId, render.jobId);
      while (inFlightStates.has(record.state) && Date.now() + longPollStepMs <= deadline && !signal?.aborted) {
        await sleep(longPollStepMs);
        record = await queue.status(userId, render.jobId);
      }
      // The poll that sees the outcome settles the held credit: kept for a video, given back for a failure.
      if (!inFlightStates.has(record.state)) await deps.paidJobs.settle(userId, project.id);
      return statusOf(project, record);
    },
  };
}

export type FinalVideoService = ReturnType<typeof createFinalVideoService>;
