import { Button } from '../../components/ui/Button.tsx';

/** Next, disabled with its reason in view until the step is done. */
export function NextButton({ reason, onNext }: { reason: string | null; onNext: () => void }) {
  return (
    <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
      {reason && (
        <p id="audio-next-reason" className="text-sm text-muted">
          {reason}
        </p>
      )}
      <Button disabled={reason !== null} aria-describedby={reason ? 'audio-next-reason' : undefined} onClick={onNext}>
        Next
      </Button>
    </div>
  );
}
