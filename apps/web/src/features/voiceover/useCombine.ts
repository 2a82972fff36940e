import { videoStatusPollMs, workflowMessages, type JobEstimate } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shownText } from '../../lib/client.ts';
import { estimateOf } from '../../lib/progress.ts';
import { checkVideoStatus, combineVideoAudio } from './api.ts';

export type CombineState =
  | { kind: 'idle' }
  | { kind: 'working'; percent: number; estimate?: JobEstimate }
  /** `audioUrl`: the voiceover this video was made with, so a later voiceover shows it is out of date. */
  | { kind: 'done'; url: string; audioUrl: string }
  | { kind: 'failed'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §4 step 3: update-video-audio, combine-video-audio, then check-video-status every 5 s until the video is
 * there. A failed check stops the wait with 'Failed to check video status'; a failed render says why.
 */
export function useCombine(userId: string, projectId: string) {
  const [state, setState] = useState<CombineState>({ kind: 'idle' });
  // Each start (and leaving the page) begins a new run; an older run's late answers are dropped.
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);
  // Only the two writes are the mutation; the status polling after them is this hook's own loop.
  const { mutateAsync: combine } = useMutation({ mutationFn: (audioUrl: string) => combineVideoAudio(userId, projectId, audioUrl) });

  const start = useCallback(
    async (audioUrl: string) => {
      const current = ++run.current;
      const live = () => current === run.current;
      setState({ kind: 'working', percent: 0 });
      try {
        await combine(audioUrl);
      } catch (error) {
        if (live()) setState({ kind: 'failed', message: shownText(error, workflowMessages.somethingWentWrong) });
        return;
      }
      try {
        for (;;) {
          await wait(videoStatusPollMs);
          if (!live()) return;
          const status = await checkVideoStatus(userId, projectId);
          if (!live()) return;
          if (status.status === 'done' && status.user_video_url) return setState({ kind: 'done', url: status.user_video_url, audioUrl });
          if (status.status === 'error') return setState({ kind: 'failed', message: status.error ?? workflowMessages.finalFailed });
          setState({ kind: 'working', percent: status.percent ?? 0, estimate: estimateOf(status) });
        }
      } catch {
        if (live()) setState({ kind: 'failed', message: workflowMessages.statusCheckFailed });
      }
    },
    [userId, projectId, combine],
  );

  return { state, start };
}
