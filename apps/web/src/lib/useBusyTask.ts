import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

interface Task {
  text: string;
  work: () => Promise<void>;
}

/**
 * One piece of work at a time behind a busy overlay, run as a mutation: `busy` is the overlay's text while it runs,
 * and a failure's message becomes `error` (each page's API layer already turns failures into the spec's texts).
 * `setError` shows a refusal the page found itself, before anything is sent.
 */
export function useBusyTask() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const task = useMutation({ mutationFn: ({ work }: Task) => work() });

  function setError(text: string | null) {
    setRefusal(text);
    if (!task.isPending) task.reset();
  }

  async function run(text: string, work: () => Promise<void>): Promise<void> {
    setRefusal(null);
    // The failure is shown through `error`; the caller has nothing more to do with it.
    await task.mutateAsync({ text, work }).catch(() => undefined);
  }

  const busy = task.isPending ? task.variables.text : null;
  const error = refusal ?? task.error?.message ?? null;
  return { busy, error, setError, run };
}
