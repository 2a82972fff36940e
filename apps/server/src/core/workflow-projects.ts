import { randomUUID } from 'node:crypto';
import type { ProjectRecord, ProjectsRepository } from '../db/repositories/projects.ts';
import { UserFacingError } from '../errors.ts';
import type { ProjectDocument } from './project-document.ts';

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
      return projects.create({ id: randomUUID(), userId, videoType });
    },

    document(record: ProjectRecord): ProjectDocument {
      return record.composition as ProjectDocument;
    },

    /** Saves some top-level parts of the document; the others stay as they are. */
    async save(record: ProjectRecord, patch: Partial<ProjectDocument>): Promise<ProjectRecord> {
      const saved = await projects.mergeDocument(record.userId, record.id, patch);
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
