import { useId, type ComponentProps, type ReactNode } from 'react';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled multi-line field, styled like TextField; its hint and error are read with it. */
export function TextAreaField({ label, hint, error, className = '', id: givenId, ...areaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-base leading-relaxed shadow-sm placeholder:text-gray-400 focus-visible:border-accent ${
          error ? 'border-red-500' : 'border-gray-300'
        }`}
        {...areaProps}
      />
      {hint && (
        <div id={hintId} className="text-xs text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
