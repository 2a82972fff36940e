import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

type Save = (text: string, leaving: boolean) => Promise<void>;

/**
 * Saves text `delayMs` after the last change (SPEC §4: scripts 800 ms after typing stops). Saves run one after
 * another, so an older text can never land after a newer one; a failed save keeps its text for the next attempt.
 * Whatever is still unsaved when the page goes away is sent as it leaves.
 */
export function useAutosave(save: Save, delayMs: number) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const saveNow = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    queue.current = queue.current.then(async () => {
      const text = pending.current;
      if (text === null) return;
      pending.current = null;
      setStatus('saving');
      try {
        await saveRef.current(text, false);
        setStatus(pending.current === null ? 'saved' : 'pending');
      } catch {
        pending.current ??= text;
        setStatus('failed');
      }
    });
    return queue.current;
  }, []);

  const change = useCallback(
    (text: string) => {
      pending.current = text;
      setStatus('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), delayMs);
    },
    [delayMs, saveNow],
  );

  /** Saves any waiting change now; true when nothing is left unsaved. */
  const flush = useCallback(async (): Promise<boolean> => {
    await saveNow();
    return pending.current === null;
  }, [saveNow]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== null) void saveRef.current(pending.current, true).catch(() => undefined);
    },
    [],
  );

  return { status, change, flush };
}
