import { useId, type ComponentProps, type ReactNode } from 'react';

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  id?: string;
}

/** What a Field hands its control: the id its label names, its error state, the texts read with it, and its look. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

/**
 * A labelled control (TextField, TextAreaField); its hint and error are tied to it so screen readers read them with
 * the field.
 */
export function Field({ label, hint, error, className = '', id: givenId, control }: FieldProps & { control(props: FieldControlProps): ReactNode }) {
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
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: `w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm placeholder:text-gray-400 focus-visible:border-accent ${error ? 'border-red-500' : 'border-gray-300'}`,
      })}
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

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & FieldProps;

/** A labelled input. */
export function TextField({ label, hint, error, className, id, ...inputProps }: TextFieldProps) {
  return <Field label={label} hint={hint} error={error} className={className} id={id} control={(control) => <input {...control} {...inputProps} />} />;
}
