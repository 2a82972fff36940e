import { useState } from 'react';

/**
 * One piece of work at a time behind a busy overlay: `busy` is the overlay's text while it runs, and a failure's
 * message becomes `error` (each page's API layer already turns failures into the spec's texts).
 */
export function useBusyTask() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(text: string, work: () => Promise<void>): Promise<void> {
    setError(null);
    setBusy(text);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, setError, run };
}
