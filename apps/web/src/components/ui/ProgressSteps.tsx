import { stepStateTexts, type StepState } from '@reelsmith/contracts';

interface ProgressStepsProps {
  steps: readonly { step: string; state: StepState }[];
}

const circle: Record<StepState, string> = {
  current: 'bg-accent text-white ring-4 ring-accent-soft before:content-[counter(step)]',
  done: 'bg-accent-soft text-accent before:content-["✓"]',
  skipped: 'border border-dashed border-gray-300 bg-white text-muted before:content-["–"]',
  todo: 'border border-gray-300 bg-white text-muted before:content-[counter(step)]',
};

const label: Record<StepState, string> = {
  current: 'font-semibold text-accent',
  done: 'text-ink',
  skipped: 'text-muted line-through',
  todo: 'text-muted',
};

/**
 * The workflow's steps in order, each done, current, skipped (the video type has no page for it) or still to come.
 * Step numbers are drawn by a CSS counter, so the visible text is exactly the step's name.
 */
export function ProgressSteps({ steps }: ProgressStepsProps) {
  return (
    <ol aria-label="Progress" className="flex w-full items-start [counter-reset:step]">
      {steps.map(({ step, state }, index) => (
        <li
          key={step}
          data-state={state}
          aria-current={state === 'current' ? 'step' : undefined}
          className="relative flex flex-1 flex-col items-center gap-1.5 text-center [counter-increment:step]"
        >
          {index > 0 && (
            <span
              aria-hidden="true"
              className={`absolute top-3.5 right-1/2 h-0.5 w-full -translate-y-1/2 ${state === 'done' || state === 'current' ? 'bg-accent' : 'bg-gray-200'}`}
            />
          )}
          <span aria-hidden="true" className={`relative z-10 flex size-7 items-center justify-center rounded-full text-xs font-bold ${circle[state]}`} />
          <span className={`px-0.5 text-[11px] leading-tight sm:text-sm ${label[state]}`}>
            {step}
            {stepStateTexts[state] && <span className="sr-only">{stepStateTexts[state]}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
