import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { aiVideoMessages, aiVideoTransitions, motionTemplateNames, ugcAgeGroups, ugcBackgrounds, ugcClothing, ugcEthnicities, ugcGenders, ugcPlacements, ugcProductMaxLength } from '@reelsmith/contracts';
import {
  captionAss,
  fitClipArgs,
  joinClipsArgs,
  joinedCaptions,
  joinedSeconds,
  lastFrameArgs,
  maxCaptionLength,
  maxLabelLength,
  maxMotionSeconds,
  sceneTransitionSeconds,
  segmentArgs,
  templateClipArgs,
  type JoinPart,
} from '@reelsmith/media';
import { z } from 'zod';
import type { VideoGenerationsRepository } from '../db/repositories/video-generations.ts';
import type { MediaPort } from '../providers/media/types.ts';
import type { ObjectStorage } from '../providers/storage/types.ts';
import { planClipLengths } from '../providers/video-generation/lengths.ts';
import { prepareTemplate } from '../providers/video-generation/templates/template-render.ts';
import type { TemplateRequest } from '../providers/video-generation/templates/template-words.ts';
import type { SourceImage, VideoGenerator } from '../providers/video-generation/types.ts';
import { isReadableBy, storageKeySchema } from './stored-composition.ts';
import { defineJob, JobCancelledError, PermanentJobError, type JobContext } from './types.ts';
import { outcomeOf, vendorSession, type OutcomeLedger, type ResultFetch, type VendorPacing } from './video-generation-vendor.ts';

export const videoGenerationScene = z.object({
  /** The still to animate: one of the user's files (or the shared library's). */
  imageKey: storageKeySchema,
  /** The direction for the generator: what moves and how. */
  prompt: z.string().trim().min(1).max(2000),
  /** The scene's length in the joined video; at least a second, so a transition fits inside it. */
  seconds: z.number().min(1).max(maxMotionSeconds),
  /** Text set on the scene's video (a product showcase's scene text), burnt on after fitting, in the join. */
  caption: z.string().trim().min(1).max(maxCaptionLength).optional(),
  /** A short tag in the top-left corner while the scene is on screen (a Before/After side's name). */
  label: z.string().trim().min(1).max(maxLabelLength).optional(),
  /**
   * For the motion templates (the offline generator): which one, and the user's words it sets. Offline, a scene's
   * caption becomes the template's headline instead of a boxed caption.
   */
  template: z
    .object({
      name: z.enum(motionTemplateNames).optional(),
      words: z
        .object({ headline: z.string().trim().max(ugcProductMaxLength).optional(), details: z.string().trim().max(400).optional(), business: z.string().trim().max(200).optional() })
        .optional(),
      variant: z.number().int().min(0).max(10).optional(),
      /**
       * For 'ugc': the UGC form's choices and the product photo, so the template draws the still's scene again in
       * moving parts; the still itself (`imageKey`) stays what a vendor is sent.
       */
      ugc: z
        .object({
          productKey: storageKeySchema,
          background: z.enum(ugcBackgrounds),
          placement: z.enum(ugcPlacements),
          person: z.object({ gender: z.enum(ugcGenders), ethnicity: z.enum(ugcEthnicities), ageGroup: z.enum(ugcAgeGroups), clothing: z.enum(ugcClothing) }),
        })
        .optional(),
    })
    .optional(),
});

/**
 * A scene made on this machine whatever generator is configured, free of any vendor: a user's clip cut or held to
 * its length, or a still filling the frame under a camera move (a Before/After side without 'image to video').
 */
export const localScene = z.object({
  local: z.enum(['video', 'still']),
  key: storageKeySchema,
  /** For a still, the words that choose its camera move. */
  prompt: z.string().trim().max(2000).default(''),
  seconds: z.number().min(1).max(maxMotionSeconds),
  label: videoGenerationScene.shape.label,
});
type LocalScene = z.infer<typeof localScene>;

const lookColour = z.string().regex(/^#[0-9a-f]{6}$/);
/** A face's name goes into the words' ASS styles, whose fields commas part. */
const lookFace = z.string().regex(/^[A-Za-z0-9 ._-]{1,80}$/);

/** The project's brand on the motion templates' words (core/brand kineticLookOf); vendors ignore it. */
export const templateLookSchema = z.object({
  text: lookColour,
  accent: lookColour,
  onAccent: lookColour,
  cta: lookColour.optional(),
  shadow: lookColour,
  headingFont: lookFace,
  bodyFont: lookFace,
  /** The brand's uploaded font, when the heading or body face is its family: drawn from this file. */
  fontKey: storageKeySchema.optional(),
});

export type TemplateLook = z.input<typeof templateLookSchema>;
/** The project's brand look, as core/brand answers it (brands.templateLookFor): a module never reads the brand itself. */
export type TemplateLookOf = (userId: string, projectId: string) => Promise<TemplateLook>;

export const videoGenerationPayload = z.object({
  scenes: z.array(z.union([videoGenerationScene, localScene])).min(1).max(10),
  /** Scenes crossed with this transition; cut one to the next without. */
  join: z.object({ transition: z.enum(aiVideoTransitions) }).optional(),
  /** Made as motion templates although a vendor is set up: the user chose them (no AI credit was taken). */
  motionTemplates: z.boolean().optional(),
  look: templateLookSchema.optional(),
  /** Fixed by the caller, so a retried or taken-over job overwrites its own output. */
  outputKey: z.string().regex(/^users\/[^/]+\/renders\/[a-zA-Z0-9._-]+\.mp4$/),
});
export type VideoGenerationPayload = z.infer<typeof videoGenerationPayload>;
export type VideoGenerationInput = z.input<typeof videoGenerationPayload>;
const isLocal = (scene: VideoGenerationPayload['scenes'][number]): scene is LocalScene => 'local' in scene;
type GeneratedScene = z.infer<typeof videoGenerationScene>;

/**
 * What the offline generator is asked for: the scene's template, its caption as the headline, the ugc scene's choices
 * without the key, and the project's brand on the words.
 */
function localTemplate(scene: GeneratedScene, look: VideoGenerationPayload['look'], fontFile: string | undefined): TemplateRequest {
  const { ugc, ...template } = scene.template ?? {};
  const words = { ...template.words, ...(scene.caption ? { headline: scene.caption } : {}) };
  const faces = look ? (({ fontKey: _key, ...kinetic }) => kinetic)(look) : undefined;
  return {
    ...template,
    words,
    ...(ugc ? { ugc: { background: ugc.background, placement: ugc.placement, person: ugc.person } } : {}),
    ...(faces ? { look: faces } : {}),
    ...(fontFile ? { fontFile } : {}),
  };
}
export type VideoGenerationResult = { key: string };

/** A chained scene's last piece shorter than this would be a flicker: the piece before it gives up the difference. */
const shortestPiece = 1;

/**
 * How much of each generated piece a scene shows: whole pieces, then what is left. The caller trims each piece to
 * its share, so a 14 s scene from a 10 s and a 5 s generation shows 10 s and 4 s of them.
 */
export function pieceShares(sceneSeconds: number, lengths: readonly number[]): number[] {
  let remaining = sceneSeconds;
  const shares = lengths.map((length) => {
    const share = Math.min(length, remaining);
    remaining -= share;
    return share;
  });
  const last = shares.length - 1;
  if (last > 0 && shares[last]! < shortestPiece) {
    shares[last - 1]! -= shortestPiece - shares[last]!;
    shares[last] = shortestPiece;
  }
  return shares;
}

export interface VideoGenerationJobDeps {
  /** The generator set up: a vendor, or the motion templates. */
  generator: VideoGenerator;
  /** The motion templates, made on this machine whatever is set up, for a start that asks for them. */
  templates: VideoGenerator;
  generations: VideoGenerationsRepository;
  storage: ObjectStorage;
  media: MediaPort;
  tmpDir: string;
  limits: { runningPerUser: number; perDay: number; jobMinutes: number };
  /** Tests shorten the waits; the defaults suit vendors that take a minute or more per clip. */
  pacing?: Partial<Omit<VendorPacing, 'deadline'>>;
  results?: Partial<ResultFetch>;
}

const day = 24 * 60 * 60 * 1000;

/**
 * Scenes of a still and a prompt each become generated clips (the generator's lengths planned to cover the scene, a
 * longer one chained from the last frame of the piece before), fitted to 1080x1920, trimmed and joined into one MP4
 * stored at `outputKey`. Local scenes (a user’s clip, or a still for a template) are made here beside them.
 *
 * A hosted vendor bills each submit, so its id is recorded the moment it is known: a run taken over after a restart
 * polls the recorded generations instead of starting them again. The offline renderer costs nothing and keeps its
 * clips on the worker's disk, so a taken-over run simply renders again. A cancel by the user cancels the vendor's
 * unfinished generations; a takeover or a shutdown leaves them running for the next run.
 */
export function createVideoGenerationJob(deps: VideoGenerationJobDeps) {
  const { generations, storage, media } = deps;

  /** What a run needs of its generator: the set-up one, or the motion templates when the start asked for them. */
  function generatorFor(payload: VideoGenerationPayload) {
    const generator = payload.motionTemplates ? deps.templates : deps.generator;
    const hosted = generator.name !== 'local';
    const vendorName = generator.name as 'fal' | 'replicate';
    // A hosted generation's end is kept in its row, where the vendor's webhook (modules/vendor-webhooks) may put it first.
    const ledger: OutcomeLedger | undefined = hosted
      ? {
          read: (vendorId) => generations.outcome(vendorName, vendorId),
          keep: async (vendorId, status) => (await generations.settle(vendorName, vendorId, outcomeOf(status))) ?? status,
        }
      : undefined;

    /**
     * A still from the bucket reaches the vendor by a presigned URL, valid while the run may wait on it; any other
     * (a local file, a chained scene's last frame) is sent from this machine, and the adapter uploads it.
     */
    async function sourceOf(still: { key: string } | { path: string }): Promise<SourceImage> {
      if ('path' in still) return still;
      if (hosted && storage.presignGet) return { url: await storage.presignGet(still.key, deps.limits.jobMinutes * 60) };
      return { path: await storage.localPath(still.key) };
    }

    async function checkDailyCap(userId: string, toSubmit: number): Promise<void> {
      if (!hosted || toSubmit === 0) return;
      const used = await generations.countVendorSince(userId, new Date(Date.now() - day));
      if (used + toSubmit > deps.limits.perDay) throw new PermanentJobError(aiVideoMessages.dailyLimit(deps.limits.perDay));
    }
    return { generator, hosted, vendorName, ledger, sourceOf, checkDailyCap };
  }

  async function run(payload: VideoGenerationPayload, context: JobContext, work: string, inFlight: Set<string>): Promise<VideoGenerationResult> {
    const { jobId, userId, signal } = context;
    const { generator, hosted, vendorName, ledger, sourceOf, checkDailyCap } = generatorFor(payload);
    if (!payload.outputKey.startsWith(`users/${userId}/`)) throw new PermanentJobError(aiVideoMessages.failed);
    for (const scene of payload.scenes) {
      const keys = isLocal(scene) ? [scene.key] : [scene.imageKey, ...(scene.template?.ugc ? [scene.template.ugc.productKey] : [])];
      for (const key of keys) if (!isReadableBy(userId, key) || !(await storage.stat(key))) throw new PermanentJobError(aiVideoMessages.failed);
    }
    // The brand's own font, for the templates' words: only a file of the user's, and only when it is still there.
    const fontKey = payload.look?.fontKey;
    const fontFile = fontKey && isReadableBy(userId, fontKey) && (await storage.stat(fontKey)) ? await storage.localPath(fontKey) : undefined;
    // A local scene asks the generator for nothing: no plan, no vendor piece, nothing against the daily cap.
    const plans = payload.scenes.map((scene) => (isLocal(scene) ? [] : planClipLengths(scene.seconds, generator.lengths)));
    const recorded = new Map(hosted ? (await generations.forJob(jobId)).map((r) => [`${r.scene}.${r.segment}`, r.vendorId]) : []);
    await checkDailyCap(userId, plans.flat().length - recorded.size);

    const pacing = { pollMs: 3000, maxPollMs: 15_000, backoffMs: 5000, ...deps.pacing, deadline: Date.now() + deps.limits.jobMinutes * 60_000 };
    const results = { maxBytes: 200 * 1024 * 1024, timeoutMs: 5 * 60_000, ...deps.results };
    const vendor = vendorSession(generator, media, pacing, signal);
    const ffmpeg = (args: string[], seconds: number) => media.runFfmpeg(args, { duration: seconds, signal, timeoutMs: 10 * 60_000 });
    const pieces = plans.reduce((count, plan) => count + Math.max(plan.length, 1), 0);
    const parts: JoinPart[] = [];
    const transitionAt = (i: number) => (i > 0 && payload.join ? { transition: { name: payload.join.transition, seconds: sceneTransitionSeconds } } : {});

    for (const [i, scene] of payload.scenes.entries()) {
      if (isLocal(scene)) {
        const path = join(work, `scene${i}.mp4`);
        const input = await storage.localPath(scene.key);
        if (scene.local === 'video') await ffmpeg(segmentArgs({ video: input }, scene.seconds, path), scene.seconds);
        else {
          // A side of a Before/After is a scene itself: it fills the frame under a camera move.
          const planes = join(work, `scene${i}-planes`);
          await mkdir(planes, { recursive: true });
          const { options } = await prepareTemplate({ photo: await readFile(input), prompt: scene.prompt, seconds: scene.seconds, template: { name: 'photo' }, workDir: planes });
          await ffmpeg(templateClipArgs({ ...options, outputPath: path }), scene.seconds);
        }
        parts.push({ path, seconds: scene.seconds, ...transitionAt(i), ...(scene.label ? { label: scene.label } : {}) });
        context.progress((90 * parts.length) / pieces);
        continue;
      }
      const shares = pieceShares(scene.seconds, plans[i]!);
      let still: { key: string } | { path: string } = { key: scene.imageKey };
      for (const [j, seconds] of plans[i]!.entries()) {
        let vendorId = recorded.get(`${i}.${j}`);
        if (!vendorId) {
          const template = hosted ? undefined : localTemplate(scene, payload.look, fontFile);
          // The 'ugc' template draws the still's scene again from the product photo; a vendor animates the still.
          const image = template?.ugc && scene.template?.ugc ? { path: await storage.localPath(scene.template.ugc.productKey) } : await sourceOf(still);
          const submitted = (await vendor.submit({ image, prompt: scene.prompt, seconds, ...(template ? { template } : {}) })).vendorId;
          vendorId = hosted ? await generations.record({ jobId, scene: i, segment: j }, { userId, generator: vendorName, vendorId: submitted }) : submitted;
          // Another run of this job recorded its generation first: that one is polled, this one is not needed.
          if (vendorId !== submitted) await generator.cancel(submitted).catch(() => undefined);
        }
        inFlight.add(vendorId);
        const status = await vendor.settle(vendorId, ledger);
        inFlight.delete(vendorId);
        const raw = join(work, `scene${i}-${j}.source`);
        await vendor.fetch(vendorId, status, raw, results);
        // The motion templates already make 1080x1920 at the join's frame rate, and the join trims each part to its share.
        const fitted = hosted ? join(work, `scene${i}-${j}.mp4`) : raw;
        if (hosted) await ffmpeg(fitClipArgs(raw, fitted, shares[j]!), shares[j]!);
        // Offline, the template set the caption as its headline already.
        const [caption, label] = j === 0 ? [hosted ? scene.caption : undefined, scene.label] : [];
        parts.push({ path: fitted, seconds: shares[j]!, ...(j === 0 ? transitionAt(i) : {}), ...(caption ? { caption } : {}), ...(label ? { label } : {}) });
        if (j + 1 < plans[i]!.length) {
          const lastFrame = join(work, `scene${i}-${j}-last.png`);
          await ffmpeg(lastFrameArgs(raw, lastFrame), 1);
          still = { path: lastFrame };
        }
        context.progress((90 * parts.length) / pieces);
      }
    }
    const output = join(work, 'joined.mp4');
    const captions = joinedCaptions(parts);
    const captionsPath = captions.length > 0 ? join(work, 'captions.ass') : undefined;
    if (captionsPath) await writeFile(captionsPath, captionAss(captions));
    await ffmpeg(joinClipsArgs(parts, output, { captionsPath }), joinedSeconds(parts));
    const stored = await storage.putFile(payload.outputKey, output, 'video/mp4');
    return { key: stored.key };
  }

  return defineJob({
    name: 'generate-video',
    payload: videoGenerationPayload,
    // A retry resumes the recorded generations; the vendor faults inside a run are already retried in place.
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3 * 60 * 60,
    failureMessage: aiVideoMessages.failed,
    runningPerUser: async () => deps.limits.runningPerUser,
    // Each scene is generated in turn, so the video's length is the work: a 14 s showcase takes about twice a 7 s one.
    sizeOf: (payload) => payload.scenes.reduce((sum, scene) => sum + scene.seconds, 0),
    // The offline generator on a small machine: a few seconds of work per second of video, and the join.
    typicalSeconds: (size) => 10 + 3 * (size ?? 7),
    async handler(payload, context): Promise<VideoGenerationResult> {
      const work = join(deps.tmpDir, `generate-${context.jobId}-${context.attempt}`);
      await mkdir(work, { recursive: true });
      const inFlight = new Set<string>();
      try {
        return await run(payload, context, work, inFlight);
      } catch (error) {
        if (context.signal.reason instanceof JobCancelledError) {
          // Not with the job's signal: it is aborted, and the vendor should still hear of the cancel.
          const { generator } = generatorFor(payload);
          await Promise.allSettled([...inFlight].map((id) => generator.cancel(id, AbortSignal.timeout(30_000))));
        }
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    // Cancelled after the video was stored: the project must not get it (its AI credit comes back).
    discard: (_payload, result) => storage.delete(result.key),
  });
}

export type VideoGenerationJob = ReturnType<typeof createVideoGenerationJob>;
