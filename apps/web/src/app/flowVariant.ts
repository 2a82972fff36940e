import type { PageDefinition } from '@reelsmith/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

const storageKey = (projectId: string) => `reelsmith.flow.${projectId}`;

function remembered(projectId: string | null): boolean {
  try {
    return projectId !== null && sessionStorage.getItem(storageKey(projectId)) === 'video';
  } catch {
    return false;
  }
}

/**
 * Whether the progress bar starts with 'Video'. The pages every flow shares (/background-music, /subtitles) keep the
 * variant a project's flow began with, so the steps do not renumber halfway through (SPEC §2).
 */
export function useVideoFirstFlow(page: PageDefinition | undefined): boolean {
  const [params] = useSearchParams();
  const projectId = params.get('project');
  const startsWithVideo = page?.videoFirst === true;
  useEffect(() => {
    if (!startsWithVideo || !projectId) return;
    try {
      sessionStorage.setItem(storageKey(projectId), 'video');
    } catch {
      // Storage can be off (private mode); the shared pages then show the five-step bar.
    }
  }, [startsWithVideo, projectId]);
  return startsWithVideo || remembered(projectId);
}
