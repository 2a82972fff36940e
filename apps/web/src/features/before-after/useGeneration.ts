import { beforeAfterTexts } from '@reelsmith/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useVideoGeneration } from '../../lib/useVideoGeneration.ts';
import { startGeneration } from './api.ts';

/**
 * SPEC §4 Before/After: the shared start-then-poll-every-5-s generation (lib/useVideoGeneration), with this flow's
 * texts: a failed generation reads as the server says ('Video generation failed or timed out.'), a failed poll as
 * 'Video generation failed, please try again'.
 */
export function useGeneration(onProject: (projectId: string) => void) {
  const queryClient = useQueryClient();
  return useVideoGeneration({
    start: startGeneration,
    texts: beforeAfterTexts,
    onProject,
    // An AI credit may have been taken: the option and the dashboard's counts are read again.
    onStarted: () => queryClient.invalidateQueries({ queryKey: ['before-after-options'] }),
  });
}
