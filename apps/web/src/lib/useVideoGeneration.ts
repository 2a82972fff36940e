import { videoStatusPollMs, voiceoverEndpoints, type JobEstimate, type VideoStatusResponse } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { attempt, call } from './client.ts';
import { estimateOf } from './progress.ts';

export type Generation =
  | { phase: 'idle' }
  /** `restoring`: the page is asking where a generation started earlier stands. */
  | { phase: 'busy'; percent?: number; restoring?: boolean; estimate?: JobEstimate }
  | { phase: 'done'; url: string; projectId: string };

export interface GenerationTexts {
  /** A generation that failed without words of its own. */
  generationFailed: string;
  /** A status poll that failed or answered something unreadable. */
  pollFailed: string;
}

interface VideoGenerationOptions<Request extends { userId: string }> {
  /** Starts the generation; answers the project it runs in. Its failures are shown as they are thrown. */
  start(request: Request): Promise<string>;
  texts: GenerationTexts;
  /** The project the start made or used, as soon as it is known (the page puts it in its address). */
  onProject(projectId: string): void;
  /** After every start, whatever its outcome (a credit may have been taken: counts are read again). */
  onStarted?(): unknown;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One poll of check-video-status for the project; a failed or unreadable poll is the flow's `pollFailed`. */
function checkStatus(userId: string, projectId: string, pollFailed: string): Promise<VideoStatusResponse> {
  return attempt(call(voiceoverEndpoints.checkVideoStatus, { user_id: userId, video_id: projectId }), { fallback: pollFailed, words: false });
}

/**
 * SPEC §4 'poll every 5 s until a url' (Before/After, Product Intro): the start answers processing, then the
 * project's status is polled every 5 s until a URL. A failed generation reads as the server says (else
 * `generationFailed`), a failed poll as `pollFailed`. A page opened on a project with a generation running or
 * finished (the user left and came back) picks it up where it stands (`restore`).
 */
export function useVideoGeneration<Request extends { userId: string }>({ start, texts, onProject, onStarted }: VideoGenerationOptions<Request>) {
  const [generation, setGeneration] = useState<Generation>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Only the start is the mutation: the polling after it is its own loop, and its failures share `error` with the start's.
  const starting = useMutation({ mutationFn: start, onSettled: () => onStarted?.() });
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
      setGeneration({ phase: 'busy', percent: status.percent, estimate: estimateOf(status) });
      return false;
    }
    if (status.status === 'done' && status.user_video_url) {
      setGeneration({ phase: 'done', url: status.user_video_url, projectId });
      return true;
    }
    throw new Error(status.status === 'error' ? (status.error ?? texts.generationFailed) : texts.pollFailed);
  }

  async function follow(userId: string, projectId: string) {
    for (;;) {
      await wait(videoStatusPollMs);
      if (!alive.current) return;
      if (settle(await checkStatus(userId, projectId, texts.pollFailed), projectId)) return;
    }
  }

  function fail(failure: unknown) {
    if (!alive.current) return;
    setError((failure as Error).message);
    setGeneration({ phase: 'idle' });
  }

  async function generate(request: Request) {
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
      status = await checkStatus(userId, projectId, texts.pollFailed);
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

/**
 * A page opened on a project (a reload, or the dashboard's Continue) shows its generation where it stands, once: the
 * project a Generate adds to the address later is already being followed.
 */
export function useRestoreOnOpen(userId: string | undefined, projectId: string | null, restore: (userId: string, projectId: string) => Promise<void>) {
  const openedOn = useRef(projectId);
  useEffect(() => {
    const id = openedOn.current;
    if (!userId || !id) return;
    openedOn.current = null;
    void restore(userId, id);
  }, [userId, restore]);
}
