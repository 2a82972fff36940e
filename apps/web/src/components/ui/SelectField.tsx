import { useId, type ComponentProps } from 'react';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  options: readonly string[];
}

/** A labelled choice from a fixed list, styled like TextField so the form reads as one. */
export function SelectField({ label, options, className = '', id: givenId, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base shadow-sm focus-visible:border-accent"
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
