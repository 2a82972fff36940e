import { useId, type ComponentProps, type ReactNode } from 'react';

const controlClasses = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base shadow-sm focus-visible:border-accent disabled:bg-gray-50 disabled:text-muted';

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select whose options show a label apart from their value (voices, tracks, corners). */
export function ChoiceField({ label, choices, hint, className = '', ...selectProps }: Omit<ComponentProps<'select'>, 'children'> & { label: string; choices: readonly Choice[]; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={controlClasses} {...selectProps}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A colour picker with its label and the hex value it holds. */
export function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (colour: string) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {/* On a phone the hex value goes under the swatch rather than past the column. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <input
          id={id}
          type="color"
          value={value}
          aria-describedby={`${id}-value`}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
        />
        <span id={`${id}-value`} className="font-mono text-sm text-muted">
          {value}
        </span>
      </div>
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-5">
      <legend className="float-left mb-1 w-full text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
