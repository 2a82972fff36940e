import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = { kind: 'idle' | 'pending' | 'saving' | 'saved' } | { kind: 'failed'; message: string };

/**
 * Saves the latest value `delayMs` after the last change (SPEC §4: subtitles 500 ms after typing stops). Saves never
 * overlap: a change made while one is in flight is sent when it returns, so the server always ends on the newest.
 */
export function useAutosave<T>(save: (value: T) => Promise<void>, delayMs: number) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const running = useRef(false);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback(async (): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      while (pending.current) {
        const { value } = pending.current;
        pending.current = null;
        setState({ kind: 'saving' });
        try {
          await saveRef.current(value);
          if (!pending.current) setState({ kind: 'saved' });
        } catch (error) {
          setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
        }
        // A newer change still in its quiet period is sent by its own timer; one whose period is over waited for
        // this save and goes now.
        if (timer.current !== undefined) break;
      }
    } finally {
      running.current = false;
    }
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setState({ kind: 'pending' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void flush();
      }, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { state, schedule };
}
