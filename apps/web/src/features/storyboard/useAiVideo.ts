import { aiVideoMaxPolls, aiVideoPollMs, storyboardAiVideoTexts as texts } from '@reelsmith/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { estimateOf } from '../../lib/progress.ts';
import { aiVideoState, aiVideoStatus, startAiVideo } from './api.ts';
import type { Scene } from './scenes.ts';

type Phase = { phase: 'idle' } | { phase: 'polling'; round: number } | { phase: 'done'; url: string };

/**
 * SPEC §4 Create AI Video: the start (a mutation) is followed by check-video-status every 5 s, at most 24 times; a URL
 * ends it, an error or a failed poll reads 'Video generation failed or timed out.', and 24 answers without a URL read
 * 'Video generation is taking longer than expected. Please try again.' — the generation goes on, and starting again
 * follows it (the server answers with the same job). A page opened while one runs picks up its polling; one that
 * finished while the user was away is offered (`ready`).
 */
export function useAiVideo(userId: string, projectId: string) {
  const [phase, setPhase] = useState<Phase>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<string | null>(null);
  /** The answers of the current wait: each wait is a query of its own, and its count starts again at zero. */
  const answered = useRef(0);
  const poll = () => {
    answered.current = 0;
    setPhase({ phase: 'polling', round: Date.now() });
  };

  const state = useQuery({
    queryKey: ['ai-video-state', userId, projectId],
    queryFn: () => aiVideoState(userId, projectId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const start = useMutation({
    mutationFn: ({ scenes, motionTemplate }: { scenes: Pick<Scene, 'text' | 'image'>[]; motionTemplate: boolean }) => startAiVideo({ userId, projectId, scenes, motionTemplate }),
    onMutate: () => {
      setError(null);
      setReady(null);
    },
    onSuccess: poll,
    onError: (failure) => setError(failure.message),
  });
  const polling = phase.phase === 'polling';
  const status = useQuery({
    queryKey: ['ai-video-status', projectId, polling ? phase.round : 0],
    queryFn: async () => ({ ...(await aiVideoStatus(userId, projectId)), answer: ++answered.current }),
    enabled: polling,
    refetchInterval: aiVideoPollMs,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

  // Once, when the page opens: a generation still running is followed, a finished one offered.
  const opening = state.data;
  useEffect(() => {
    if (opening?.status === 'processing') poll();
    if (opening?.status === 'done' && opening.user_video_url) setReady(opening.user_video_url);
  }, [opening]);

  const answer = status.data;
  const answers = answer?.answer ?? 0;
  const pollFailed = status.isError;
  useEffect(() => {
    if (!polling) return;
    if (pollFailed) {
      setError(texts.failed);
      setPhase({ phase: 'idle' });
    } else if (answer?.status === 'done' && answer.user_video_url) {
      setPhase({ phase: 'done', url: answer.user_video_url });
    } else if (answer?.status === 'error') {
      setError(answer.error ?? texts.failed);
      setPhase({ phase: 'idle' });
    } else if (answers >= aiVideoMaxPolls) {
      setError(texts.tooSlow);
      setPhase({ phase: 'idle' });
    }
  }, [polling, answer, answers, pollFailed]);

  return {
    generator: state.data?.generator,
    busy: start.isPending || polling,
    percent: polling ? answer?.percent : undefined,
    estimate: polling && answer ? estimateOf(answer) : undefined,
    result: phase.phase === 'done' ? phase.url : null,
    error,
    ready,
    showReady: () => ready && setPhase({ phase: 'done', url: ready }),
    start: (scenes: Pick<Scene, 'text' | 'image'>[], motionTemplate = false) => start.mutate({ scenes, motionTemplate }),
  };
}
