import type { UploadPurpose } from '@reelsmith/contracts';
import type { ProjectRecord } from '../../db/repositories/projects.ts';
import type { QuotaService } from '../credits/quotas.ts';
import type { UploadService } from '../files/uploads.ts';
import type { WorkflowProjects } from './workflow-projects.ts';

/**
 * What a start stores before it knows whether it starts: the project it opens and the files it keeps as uploads. A
 * start that is refused, fails, or follows one already under way takes them back, so a refused request stores nothing
 * (forty parallel starts of which one begins leave one project and one upload, not forty).
 */
export function startScope(uploads: Pick<UploadService, 'storeBuffer' | 'discard'>, workflow: Pick<WorkflowProjects, 'resolveOrCreateWithinPlan' | 'discardNew'>) {
  let files: Array<{ userId: string; key: string }> = [];
  let opened: ProjectRecord[] = [];

  async function takeBack(): Promise<void> {
    const [toDiscard, toClose] = [files, opened];
    files = [];
    opened = [];
    for (const file of toDiscard) await uploads.discard(file.userId, file.key);
    for (const project of toClose) await workflow.discardNew(project);
  }

  return {
    async store(userId: string, purpose: UploadPurpose, file: { content: Buffer; filename: string }): Promise<string> {
      const key = await uploads.storeBuffer(userId, purpose, file);
      files.push({ userId, key });
      return key;
    },

    /** The project the page names, else a new one (while a video credit is left), which is taken back with the rest. */
    async project(quotas: Pick<QuotaService, 'current'>, userId: string, videoId: string | undefined, videoType: string): Promise<ProjectRecord> {
      const project = await workflow.resolveOrCreateWithinPlan(quotas, userId, videoId, videoType);
      if (!videoId) opened.push(project);
      return project;
    },

    /** The start did not go ahead (it follows one under way): what it stored goes. */
    takeBack,

    /** Runs the start; if it throws, what it stored goes before the error reaches the user. */
    async run<T>(start: () => Promise<T>): Promise<T> {
      try {
        return await start();
      } catch (error) {
        // The user hears why the start failed; a file that could not be taken back is swept with the project later.
        await takeBack().catch(() => undefined);
        throw error;
      }
    },
  };
}

export type StartScope = ReturnType<typeof startScope>;
