import { storyboardSceneCount, storyboardTexts, type SceneMedia } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import type { ProjectDocument } from '../../core/project/project-document.ts';
import { keyOfSignedUrl } from '../../core/project/projects.ts';
import type { WorkflowProjects } from '../../core/project/workflow-projects.ts';

type Stored = NonNullable<ProjectDocument['sceneMedia']>[number];

const emptyScenes = (): Stored[] => Array.from({ length: storyboardSceneCount }, () => ({ image: null, video: null }));

/** Each scene's stored media as the page reads it: fresh signed URLs, in scene order. */
export function sceneMediaResponse(doc: ProjectDocument, signer: FileUrlSigner): SceneMedia[] {
  const stored = doc.sceneMedia ?? emptyScenes();
  const signed = (item: Stored['image']) => (item ? { url: signer.sign(item.key), name: item.name, size: item.size } : null);
  return stored.map((scene) => ({ image: signed(scene.image), video: signed(scene.video) }));
}

/**
 * The storyboard's scene media kept with the project (issue 29 §3): a picture or clip the user gave a scene is one of
 * their uploads, so the project names it and a reload finds it, rather than the page alone holding the file.
 */
export function createSceneMedia(deps: { workflow: WorkflowProjects; signer: FileUrlSigner; storage: ObjectStorage }) {
  const { workflow, signer, storage } = deps;
  return {
    async save(userId: string, request: { videoId?: string; index: number; kind: 'image' | 'video'; url: string | null; name: string }): Promise<{ status: 'success' }> {
      const project = await workflow.resolve(userId, request.videoId);
      let item: Stored['image'] = null;
      if (request.url !== null) {
        const key = keyOfSignedUrl(request.url.trim(), signer);
        const object = key && ownerOfKey(key) === userId ? await storage.stat(key) : null;
        if (!key || !object?.contentType.startsWith(`${request.kind}/`)) throw new UserFacingError(400, storyboardTexts.notYourMedia(request.kind));
        item = { key, name: request.name || (request.kind === 'image' ? 'Image' : 'Video'), size: object.size };
      }
      await workflow.saveSceneMedia(project, request.index - 1, request.kind, item);
      return { status: 'success' };
    },
  };
}

export type SceneMediaService = ReturnType<typeof createSceneMedia>;
