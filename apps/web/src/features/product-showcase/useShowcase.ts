import { showcasePollMs, showcaseTexts, type JobEstimate, type ShowcaseLength } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { CallFailure } from '../../lib/client.ts';
import { estimateOf } from '../../lib/progress.ts';
import { checkShowcase, startShowcase, type ShowcaseRequest } from './api.ts';

export type Showcase =
  | { phase: 'idle' }
  /**
   * `length` is unknown for a generation found on return to the page; `percent` once the job reports one; `estimate`
   * once the server has said how long such a generation takes here.
   */
  | { phase: 'busy'; length?: ShowcaseLength; percent?: number; estimate?: JobEstimate }
  | { phase: 'done'; url: string; projectId: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Follow {
  userId: string;
  projectId: string;
  length: ShowcaseLength | undefined;
  /** A fresh start waits one interval before its first poll; a generation found on return is asked about at once. */
  first: 'wait' | 'now';
  alive: RefObject<boolean>;
  show(showcase: Showcase): void;
}

/** Polls until the generation ends: done with a URL shows it; an error status or an error field throws its message. */
async function followGeneration({ userId, projectId, length, first, alive, show }: Follow): Promise<void> {
  if (first === 'wait') await wait(showcasePollMs);
  for (;;) {
    if (!alive.current) return;
    const status = await checkShowcase(userId, projectId);
    if (!alive.current) return;
    if (status.status === 'processing' && !status.error) {
      show({ phase: 'busy', length, percent: status.percent || undefined, estimate: estimateOf(status) });
      await wait(showcasePollMs);
      continue;
    }
    if (status.status === 'done' && status.user_video_url) return show({ phase: 'done', url: status.user_video_url, projectId });
    if (status.status === 'error' || status.error) throw new Error(status.error || showcaseTexts.generationFailed);
    throw new Error(showcaseTexts.unexpected);
  }
}

/**
 * SPEC §4 Product Showcase: after the start, check-video-status every 10 s; done with a URL shows the result, an
 * error status or an error field stops with its message. A page opened on a project (a return from the dashboard's
 * drafts, a reload, Back) picks up that project's generation: still running, finished, or failed.
 */
export function useShowcase(userId: string | undefined, projectId: string | null, onProject: (projectId: string) => void) {
  const [showcase, setShowcase] = useState<Showcase>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Only the start is the mutation: the polling after it is its own loop, and its failures share `error` with the start's.
  const starting = useMutation({ mutationFn: startShowcase });
  const alive = useRef(true);
  /** The project whose generation this page follows already, so naming it in the URL does not follow it twice. */
  const followed = useRef<string | null>(null);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (!userId || !projectId || followed.current === projectId) return;
    followed.current = projectId;
    followGeneration({ userId, projectId, length: undefined, first: 'now', alive, show: setShowcase }).catch((failure: unknown) => {
      // Nothing was generated for this project yet: the page is simply the form.
      if (!alive.current || (failure instanceof CallFailure && failure.status === 404)) return;
      setError((failure as Error).message);
      setShowcase({ phase: 'idle' });
    });
  }, [userId, projectId]);

  async function generate(request: ShowcaseRequest) {
    setError(null);
    setShowcase({ phase: 'busy', length: request.length });
    try {
      const { projectId: project, estimate } = await starting.mutateAsync(request);
      followed.current = project;
      onProject(project);
      if (alive.current) setShowcase({ phase: 'busy', length: request.length, estimate });
      await followGeneration({ userId: request.userId, projectId: project, length: request.length, first: 'wait', alive, show: setShowcase });
    } catch (failure) {
      if (!alive.current) return;
      setError((failure as Error).message);
      setShowcase({ phase: 'idle' });
    }
  }

  return { showcase, error, setError, generate, reset: () => setShowcase({ phase: 'idle' }) };
}
