import { finalVideoLongPollMs, timing, videoFileName, workflowMessages, type FinalVideoStatus, type JobEstimate } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shownText } from '../../lib/client.ts';
import { estimateOf } from '../../lib/progress.ts';
import type { ProjectRef } from '../../lib/finalVideoStep.ts';
import { checkFinalVideo, startFinalVideo, type FinalVideoChoices } from './api.ts';

export type FinalVideoState =
  | { kind: 'idle' }
  | { kind: 'working'; percent: number; waiting: string | null; estimate?: JobEstimate }
  | { kind: 'done'; url: string; fileName: string }
  | { kind: 'failed'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the final render and polls it every 5 s (SPEC §9 "other polling"), each poll a long poll, until it has a URL or an error; a
 * polling failure stops the wait with its message (SPEC §4). A page opened (or reloaded) while the project's final
 * render is still running follows that render, as if it had never been left.
 */
export function useFinalVideo(project: ProjectRef) {
  const [state, setState] = useState<FinalVideoState>({ kind: 'idle' });
  // Each start (and leaving the page) begins a new run; an older run's late answers are dropped.
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);
  // Only the start is the mutation; the polling after it is this hook's own loop, dropped when a newer run begins.
  const { mutateAsync: begin } = useMutation({ mutationFn: (choices: FinalVideoChoices) => startFinalVideo(project, choices) });

  /** Follows a render from its first status to its outcome, for as long as this run is the newest. */
  const follow = useCallback(
    async (first: () => Promise<FinalVideoStatus>, live: () => boolean) => {
      try {
        let status = await first();
        while (status.status === 'processing' && live()) {
          setState({ kind: 'working', percent: status.percent, waiting: status.waiting, estimate: estimateOf(status) });
          // Each poll may wait at the server for the outcome, so the video shows the moment it is stored; the
          // polls themselves stay 5 s apart.
          const asked = Date.now();
          status = await checkFinalVideo(project, finalVideoLongPollMs);
          if (status.status === 'processing' && live()) await wait(Math.max(0, timing.videoStatusPollMs - (Date.now() - asked)));
        }
        if (!live()) return;
        if (status.status === 'done' && status.final_video_url) setState({ kind: 'done', url: status.final_video_url, fileName: status.download_name ?? videoFileName('') });
        else setState({ kind: 'failed', message: status.error ?? workflowMessages.finalFailed });
      } catch (error) {
        if (live()) setState({ kind: 'failed', message: shownText(error, workflowMessages.somethingWentWrong) });
      }
    },
    [project],
  );

  const start = useCallback(
    async (choices: FinalVideoChoices) => {
      const current = ++run.current;
      setState({ kind: 'working', percent: 0, waiting: null });
      await follow(() => begin(choices), () => current === run.current);
    },
    [begin, follow],
  );

  // A render under way when the page opens: followed. None, or one already over, leaves the page as it is.
  useEffect(() => {
    const current = ++run.current;
    const live = () => current === run.current;
    checkFinalVideo(project)
      .then((status) => {
        if (status.status !== 'processing' || !live()) return;
        setState({ kind: 'working', percent: status.percent, waiting: status.waiting, estimate: estimateOf(status) });
        return follow(async () => status, live);
      })
      .catch(() => undefined);
    // Once per project the page is on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project.userId, project.videoId]);

  const reset = useCallback(() => {
    run.current += 1;
    setState({ kind: 'idle' });
  }, []);
  return { state, start, reset };
}
