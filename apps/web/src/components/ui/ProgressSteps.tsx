interface ProgressStepsProps {
  steps: readonly string[];
  current: string;
}

/**
 * The workflow's steps in order; earlier steps read as done, the current one carries the accent. Step numbers are
 * drawn by a CSS counter so each item's text is exactly the step's name.
 */
export function ProgressSteps({ steps, current }: ProgressStepsProps) {
  const currentIndex = steps.indexOf(current);
  return (
    <ol aria-label="Progress" className="flex w-full items-start [counter-reset:step]">
      {steps.map((step, index) => {
        const isCurrent = index === currentIndex;
        const isDone = index < currentIndex;
        return (
          <li
            key={step}
            aria-current={isCurrent ? 'step' : undefined}
            className="relative flex flex-1 flex-col items-center gap-1.5 text-center [counter-increment:step]"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={`absolute top-3.5 right-1/2 h-0.5 w-full -translate-y-1/2 ${isDone || isCurrent ? 'bg-accent' : 'bg-gray-200'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 flex size-7 items-center justify-center rounded-full text-xs font-bold before:content-[counter(step)] ${
                isCurrent
                  ? 'bg-accent text-white ring-4 ring-accent-soft'
                  : isDone
                    ? 'bg-accent-soft text-accent'
                    : 'border border-gray-300 bg-white text-muted'
              }`}
            />
            <span
              className={`px-0.5 text-[11px] leading-tight sm:text-sm ${isCurrent ? 'font-semibold text-accent' : isDone ? 'text-ink' : 'text-muted'}`}
            >
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
