import { randomUUID } from 'node:crypto';
import type { ProjectRecord, ProjectsRepository } from '../../db/repositories/projects.ts';
import { quotaMessages, storyboardSceneCount } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import {
  currentDocumentVersion,
  newProjectDocument,
  readProjectDocument,
  storedDocumentVersion,
  validProjectDocumentPatch,
  type ProjectDocument,
  type ProjectDocumentPatch,
} from './project-document.ts';
import type { QuotaService } from '../credits/quotas.ts';

export const noProjectMessage = 'Start a video from the dashboard first.';

/**
 * How every workflow step finds the project it edits: the one the page names (`video_id`), else the user's latest,
 * as the spec's "latest" calls do. Another user's project reads as missing.
 */
export function createWorkflowProjects(projects: ProjectsRepository) {
  return {
    async resolve(userId: string, videoId?: string): Promise<ProjectRecord> {
      const found = videoId ? await projects.findOwned(userId, videoId) : await projects.latestOwned(userId);
      if (!found) throw new UserFacingError(404, noProjectMessage);
      return found;
    },

    async resolveOrCreate(userId: string, videoId: string | undefined, videoType: string): Promise<ProjectRecord> {
      if (videoId) return this.resolve(userId, videoId);
      return projects.create({ id: randomUUID(), userId, videoType, composition: newProjectDocument() });
    },

    /** The project the page names, else the user's latest of this video type whose document has `part`. */
    async findOfType(userId: string, videoId: string | undefined, videoType: string, part: keyof ProjectDocument): Promise<ProjectRecord | undefined> {
      if (videoId) return this.resolve(userId, videoId);
      return projects.latestOwnedOfType(userId, videoType, part);
    },

    /** As resolveOrCreate, but a new project starts only while a video credit is left, as create-video-entry does. */
    async resolveOrCreateWithinPlan(quotas: Pick<QuotaService, 'current'>, userId: string, videoId: string | undefined, videoType: string): Promise<ProjectRecord> {
      if (videoId) return this.resolve(userId, videoId);
      const subscription = await quotas.current(userId);
      if (subscription.videosUsed >= subscription.videosAllowed) throw new UserFacingError(403, quotaMessages.videos);
      return this.resolveOrCreate(userId, undefined, videoType);
    },

    /** Takes back a project a request opened and then did not go ahead with (a draft with no final video only). */
    async discardNew(record: ProjectRecord): Promise<void> {
      await projects.deleteUnfinished(record.userId, record.id);
    },

    /** The project's document in the current shape; throws InvalidProjectDocumentError when it cannot be read. */
    document(record: ProjectRecord): ProjectDocument {
      return readProjectDocument(record.composition, record.id);
    },

    /**
     * Saves some top-level parts of the document; the others stay as they are. A document stored in an older shape
     * is written whole in the current one (with the patch), and only over what was read, so no other step's part is
     * lost; from then on saves merge parts.
     */
    async save(record: ProjectRecord, patch: ProjectDocumentPatch): Promise<ProjectRecord> {
      const parts = validProjectDocumentPatch(patch);
      let stored: ProjectRecord | undefined = record;
      while (stored && storedDocumentVersion(stored.composition) !== currentDocumentVersion) {
        const current = { ...readProjectDocument(stored.composition, record.id), ...parts, version: currentDocumentVersion };
        const upgraded = await projects.replaceDocument(record.userId, record.id, stored.composition, current);
        if (upgraded) return upgraded;
        stored = await projects.findOwned(record.userId, record.id);
      }
      const saved = stored && (await projects.mergeDocument(record.userId, record.id, parts));
      if (!saved) throw new UserFacingError(404, noProjectMessage);
      return saved;
    },

    /** One scene's image or video (0-based `index`), set without touching the other scenes' (several may be saved at once). */
    async saveSceneMedia(record: ProjectRecord, index: number, kind: 'image' | 'video', item: NonNullable<ProjectDocument['sceneMedia']>[number]['image']): Promise<ProjectRecord> {
      // An older document is brought to the current shape first; from then on the scene's entry is set in place.
      if (storedDocumentVersion(record.composition) !== currentDocumentVersion) await this.save(record, {});
      const saved = await projects.setSceneMedia(record.userId, record.id, { index, kind, sceneCount: storyboardSceneCount }, item);
      if (!saved) throw new UserFacingError(404, noProjectMessage);
      return saved;
    },

    async update(record: ProjectRecord, changes: Parameters<ProjectsRepository['update']>[2]): Promise<ProjectRecord> {
      const saved = await projects.update(record.userId, record.id, changes);
      if (!saved) throw new UserFacingError(404, noProjectMessage);
      return saved;
    },
  };
}

export type WorkflowProjects = ReturnType<typeof createWorkflowProjects>;
