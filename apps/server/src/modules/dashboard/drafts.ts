import { draftsShown, draftTexts, flowOfVideoType, pageOfFlow, untitledVideo, videoFlows, type DraftItem, type FlowType } from '@reelsmith/contracts';
import type { ProjectRecord, ProjectsRepository } from '../../db/repositories/projects.ts';
import type { UploadsRepository } from '../../db/repositories/uploads.ts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import { readProjectDocument } from '../../core/project/project-document-schema.ts';
import { videoTitle } from '../../core/project/projects.ts';

export interface DraftsServiceDependencies {
  projects: ProjectsRepository;
  uploads: Pick<UploadsRepository, 'uploadedKeys'>;
  storage: ObjectStorage;
  signer: FileUrlSigner;
}

/** What a draft has made so far, best first: its poster, its preview, its background video, a still it was given. */
export function posterOf(record: ProjectRecord): { kind: 'image' | 'video'; key: string } | null {
  if (record.posterKey) return { kind: 'image', key: record.posterKey };
  if (record.previewVideoKey) return { kind: 'video', key: record.previewVideoKey };
  const doc = readProjectDocument(record.composition, record.id);
  const background = doc.background;
  if (background?.kind === 'clips' && background.clips[0]) return { kind: 'video', key: background.clips[0].key };
  if (background?.kind === 'scenes' && background.scenes[0]) return { kind: 'image', key: background.scenes[0].imageKey };
  if (doc.ugc?.imageKey) return { kind: 'image', key: doc.ugc.imageKey };
  const sceneImage = doc.sceneMedia?.find((scene) => scene.image)?.image;
  return sceneImage ? { kind: 'image', key: sceneImage.key } : null;
}

/**
 * Every storage key a project names: its own columns, and each `key` or `…Key` field anywhere in its document (how the
 * document names media, project-document.ts), so media a step adds later is found without a list to keep up.
 */
export function namedFiles(record: ProjectRecord): string[] {
  const keys = new Set([record.sourceVideoKey, record.previewVideoKey, record.finalVideoKey, record.posterKey].filter((key): key is string => Boolean(key)));
  const pending: unknown[] = [record.composition];
  while (pending.length > 0) {
    const value = pending.pop();
    if (!value || typeof value !== 'object') continue;
    for (const [name, item] of Object.entries(value)) {
      if (typeof item === 'string' && /(^k|K)ey$/.test(name) && item) keys.add(item);
      else pending.push(item);
    }
  }
  return [...keys];
}

/** A document that cannot be read has no poster; the draft still lists, so the user can continue or discard it. */
function safePoster(record: ProjectRecord) {
  try {
    return posterOf(record);
  } catch {
    return null;
  }
}

export function createDraftsService(deps: DraftsServiceDependencies) {
  const toDraftItem = (record: ProjectRecord): DraftItem => {
    const flow = flowOfVideoType(record.videoType);
    const definition = videoFlows[flow];
    // A project no page has reported yet (started by a call, or before pages reported) opens at its flow's start.
    const page = (record.lastPage && pageOfFlow(flow, record.lastPage)) || definition.pages[0]!.path;
    const title = videoTitle(record);
    const index = definition.pages.findIndex((p) => p.path === page);
    const at = definition.pages[index]!;
    // An entry page's heading is the tile's name, already on the card: the step's own name says more.
    const stepTitle = at.title === definition.tile ? at.step : at.title;
    const poster = safePoster(record);
    return {
      id: record.id,
      brand_id: record.brandId,
      title: title === untitledVideo ? definition.tile : title,
      flow,
      video_type: definition.tile,
      page,
      step_title: stepTitle,
      step_number: (definition.steps as readonly string[]).indexOf(at.step) + 1,
      step_count: definition.steps.length,
      poster: poster ? { kind: poster.kind, url: deps.signer.sign(poster.key) } : null,
      updated_at: record.updatedAt.toISOString(),
    };
  };

  return {
    /** The page must be one of the project's own flow: a page of another flow would lead Continue astray. */
    async recordPage(userId: string, projectId: string, path: string): Promise<FlowType> {
      const project = await deps.projects.findOwned(userId, projectId);
      if (!project) throw new UserFacingError(404, draftTexts.notFound);
      const flow = flowOfVideoType(project.videoType);
      const page = pageOfFlow(flow, path);
      if (!page) throw new UserFacingError(400, draftTexts.pageNotInFlow);
      await deps.projects.update(userId, projectId, { lastPage: page });
      return flow;
    },

    /** `brandId`: one brand's drafts; undefined: every brand's. */
    async list(userId: string, brandId?: string): Promise<DraftItem[]> {
      return (await deps.projects.listUnfinished(userId, draftsShown, brandId)).map(toDraftItem);
    },

    /**
     * The draft goes with the files only it names. The user's uploads stay (the library lists them, and other
     * projects may use them), as does anything another project names or that is not the user's (library media).
     * No credit was counted for a draft, so none changes.
     */
    async discard(userId: string, id: string): Promise<void> {
      const deleted = await deps.projects.deleteUnfinished(userId, id);
      if (!deleted) throw new UserFacingError(404, draftTexts.notFound);
      const own = namedFiles(deleted).filter((key) => ownerOfKey(key) === userId);
      const [uploaded, shared] = await Promise.all([deps.uploads.uploadedKeys(own), deps.projects.keysNamedByOthers(userId, id, own)]);
      await Promise.all(own.filter((key) => !uploaded.has(key) && !shared.has(key)).map((key) => deps.storage.delete(key)));
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
