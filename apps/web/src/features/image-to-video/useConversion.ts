import { imageToVideoTexts, videoStatusPollMs, type ImageEffect, type JobEstimate } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { estimateOf } from '../../lib/progress.ts';
import { checkStatus, startConversion } from './api.ts';
import type { PickedImage } from './images.ts';

export type Conversion =
  | { phase: 'idle' }
  | { phase: 'busy'; percent?: number; estimate?: JobEstimate }
  | { phase: 'done'; url: string; projectId: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §4 Image to Video: the start answers processing, then the status is polled every 5 s; a URL shows the result,
 * a failed render reads 'Video conversion failed' and any other answer 'Unexpected response'. Leaving the page stops
 * the polling.
 */
export function useConversion(onProject: (projectId: string) => void) {
  const [conversion, setConversion] = useState<Conversion>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Only the start is the mutation: the polling after it is its own loop, and its failures share `error` with the start's.
  const starting = useMutation({ mutationFn: startConversion });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function convert(request: { userId: string; projectId: string | null; images: PickedImage[]; zoom: boolean; effect: ImageEffect }) {
    setError(null);
    setConversion({ phase: 'busy' });
    try {
      const projectId = await starting.mutateAsync(request);
      onProject(projectId);
      for (;;) {
        await wait(videoStatusPollMs);
        if (!alive.current) return;
        const status = await checkStatus(request.userId, projectId);
        if (status.status === 'processing') {
          setConversion({ phase: 'busy', percent: status.percent, estimate: estimateOf(status) });
          continue;
        }
        if (status.status === 'done' && status.user_video_url) {
          setConversion({ phase: 'done', url: status.user_video_url, projectId });
          return;
        }
        throw new Error(status.status === 'error' ? imageToVideoTexts.failed : imageToVideoTexts.unexpected);
      }
    } catch (failure) {
      if (!alive.current) return;
      setError((failure as Error).message);
      setConversion({ phase: 'idle' });
    }
  }

  return { conversion, error, setError, convert, reset: () => setConversion({ phase: 'idle' }) };
}
