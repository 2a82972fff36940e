import { useQuery } from '@tanstack/react-query';
import type { ProjectRef } from '../../lib/finalVideoStep.ts';
import { fetchFinalVideoCost } from './api.ts';

/** Asked again whenever the render's state changes (`round`): a finished video makes the next render free. */
export function useFinalVideoCost(project: ProjectRef, round: string) {
  return useQuery({ queryKey: ['final-video-cost', project.userId, project.videoId ?? 'latest', round], queryFn: () => fetchFinalVideoCost(project), retry: 1 });
}
