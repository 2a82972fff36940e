import { beforeAfterTexts, videoStatusPollMs, type VideoStatusResponse } from '@reelsmith/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { checkStatus, startGeneration } from './api.ts';

export type Generation =
  | { phase: 'idle' }
  /** `restoring`: the page is asking where a generation started earlier stands. */
  | { phase: 'busy'; percent?: number; restoring?: boolean }
  | { phase: 'done'; url: string; projectId: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §4 Before/After: the start answers processing, then the project's status is polled every 5 s until a URL. A
 * failed generation reads as the server says ('Video generation failed or timed out.'), a failed poll as 'Video
 * generation failed, please try again'. A page opened on a project with a generation running or finished (the user
 * left and came back) picks it up where it stands.
 */
export function useGeneration(onProject: (projectId: string) => void) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState<Generation>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Only the start is the mutation: the polling after it is its own loop, and its failures share `error` with the start's.
  const starting = useMutation({
    mutationFn: startGeneration,
    // An AI credit may have been taken: the option and the dashboard's counts are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['before-after-options'] }),
  });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** What a status answer means for the page; true when the answer was the last one. */
  function settle(status: VideoStatusResponse, projectId: string): boolean {
    if (status.status === 'processing') {
      setGeneration({ phase: 'busy', percent: status.percent });
      return false;
    }
    if (status.status === 'done' && status.user_video_url) {
      setGeneration({ phase: 'done', url: status.user_video_url, projectId });
      return true;
    }
    throw new Error(status.status === 'error' ? (status.error ?? beforeAfterTexts.generationFailed) : beforeAfterTexts.pollFailed);
  }

  async function follow(userId: string, projectId: string) {
    for (;;) {
      await wait(videoStatusPollMs);
      if (!alive.current) return;
      if (settle(await checkStatus(userId, projectId), projectId)) return;
    }
  }

  function fail(failure: unknown) {
    if (!alive.current) return;
    setError((failure as Error).message);
    setGeneration({ phase: 'idle' });
  }

  async function generate(request: Parameters<typeof startGeneration>[0]) {
    setError(null);
    setGeneration({ phase: 'busy' });
    try {
      const projectId = await starting.mutateAsync(request);
      onProject(projectId);
      await follow(request.userId, projectId);
    } catch (failure) {
      fail(failure);
    }
  }

  /** The project's generation as it stands; a project without one leaves the form as it is. */
  async function restore(userId: string, projectId: string) {
    setGeneration({ phase: 'busy', restoring: true });
    let status: VideoStatusResponse;
    try {
      status = await checkStatus(userId, projectId);
    } catch {
      if (alive.current) setGeneration({ phase: 'idle' });
      return;
    }
    if (!alive.current) return;
    try {
      if (!settle(status, projectId)) await follow(userId, projectId);
    } catch (failure) {
      fail(failure);
    }
  }

  return { generation, error, setError, generate, restore, reset: () => setGeneration({ phase: 'idle' }) };
}
