import { randomUUID } from 'node:crypto';
import { maxVideoSeconds, quotaMessages, scriptTexts, type ScriptDraft } from '@reelsmith/contracts';
import type { ProjectRecord, ProjectsRepository } from '../../db/repositories/projects.ts';
import { UserFacingError } from '../../errors.ts';
import type { BusinessBrief, Writer } from '../../providers/writer/index.ts';
import { newProjectDocument, ownMediaSeconds } from '../../core/project/project-document.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import type { ScriptVideo } from './script-video.ts';
import { createWorkflowProjects, noProjectMessage } from '../../core/project/workflow-projects.ts';

export interface ScriptServiceDependencies {
  projects: ProjectsRepository;
  quotas: QuotaService;
  writer: Writer;
  video: ScriptVideo;
  /** The user's saved business profile, for the writer. */
  business: (userId: string) => Promise<BusinessBrief | undefined>;
}

export interface GeneratedScript {
  script: string;
  video_id: string;
}

/** A dashboard-friendly title from the prompt's first line: whole words, at most 60 characters. */
export function titleFromPrompt(prompt: string): string {
  const line = prompt.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= 60) return line;
  const cut = line.slice(0, 59);
  const space = cut.lastIndexOf(' ');
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

/** The script step: writing a script from a prompt or for the project's video, saving the user's edits, the latest calls. */
export function createScriptService(deps: ScriptServiceDependencies) {
  const { projects, writer, video } = deps;
  const workflow = createWorkflowProjects(projects);

  /** The project the call names, else the user's latest; null only when the user has none at all. */
  async function findProject(userId: string, videoId: string | undefined): Promise<ProjectRecord | null> {
    if (videoId) return workflow.resolve(userId, videoId);
    return (await projects.latestOwned(userId)) ?? null;
  }

  return {
    /**
     * A script of at most 59 seconds (Custom Storyboard's length) for the named project, or for a new Custom
     * Storyboard project when none is named. A new project is only made once the writer delivered, so a failed
     * attempt leaves nothing behind; like Create Video it needs a video credit left.
     */
    async generate(userId: string, request: { prompt: string; videoId?: string }): Promise<GeneratedScript> {
      const existing = request.videoId ? await workflow.resolve(userId, request.videoId) : null;
      if (!existing) {
        const subscription = await deps.quotas.current(userId);
        if (subscription.videosUsed >= subscription.videosAllowed) throw new UserFacingError(403, quotaMessages.videos);
      }
      const script = await writer.scriptFromPrompt({ prompt: request.prompt, targetSeconds: maxVideoSeconds, business: await deps.business(userId) });
      if (!existing) {
        const created = await projects.create({
          id: randomUUID(),
          userId,
          videoType: 'custom-storyboard',
          title: titleFromPrompt(request.prompt),
          script,
          composition: newProjectDocument({ prompt: request.prompt }),
        });
        return { script, video_id: created.id };
      }
      await workflow.save(existing, { prompt: request.prompt });
      await workflow.update(existing, { script });
      return { script, video_id: existing.id };
    },

    /** A script that fits the project's video, built on what is already said in it (SPEC §7 generate-script-types). */
    async generateForVideo(userId: string, request: { prompt?: string; videoId?: string }): Promise<GeneratedScript> {
      const record = await workflow.resolve(userId, request.videoId);
      const facts = await video.describe(record);
      if (!facts) throw new UserFacingError(409, scriptTexts.noVideo);
      const script = await writer.scriptForVideo({
        durationSeconds: Math.min(facts.durationSeconds, maxVideoSeconds),
        prompt: request.prompt,
        transcript: facts.transcript || undefined,
        business: await deps.business(userId),
      });
      if (request.prompt) await workflow.save(record, { prompt: request.prompt });
      await workflow.update(record, { script });
      return { script, video_id: record.id };
    },

    async transcribe(userId: string, videoId: string | undefined): Promise<{ text: string }> {
      const facts = await video.describe(await workflow.resolve(userId, videoId));
      if (!facts) throw new UserFacingError(409, scriptTexts.noVideo);
      return { text: facts.transcript };
    },

    /** The user's edit, as typed: the page saves it 800 ms after typing stops (SPEC §4 auto-save). */
    async update(userId: string, videoId: string, script: string): Promise<{ status: 'success'; video_id: string }> {
      const saved = await projects.update(userId, videoId, { script });
      if (!saved) throw new UserFacingError(404, noProjectMessage);
      return { status: 'success', video_id: saved.id };
    },

    async latestScript(userId: string, videoId: string | undefined): Promise<ScriptDraft> {
      const record = await findProject(userId, videoId);
      if (!record) return { script: null, video_id: null, prompt: null };
      return { script: record.script, video_id: record.id, prompt: workflow.document(record).prompt ?? null };
    },

    async latestVideo(userId: string, videoId: string | undefined) {
      const record = await findProject(userId, videoId);
      const background = record && workflow.document(record).background;
      const ownSeconds = background ? ownMediaSeconds(background) : undefined;
      return {
        user_video_url: record ? video.videoUrl(record) : null,
        video_id: record?.id ?? null,
        own_video_seconds: ownSeconds === undefined ? null : Math.round(Math.min(ownSeconds, maxVideoSeconds)),
      };
    },

    async latestAudio(userId: string, videoId: string | undefined) {
      const record = await findProject(userId, videoId);
      return { audio_url: record ? video.audioUrl(record) : null, video_id: record?.id ?? null };
    },
  };
}

export type ScriptService = ReturnType<typeof createScriptService>;
