import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './TextField.tsx';

export type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & FieldProps;

/** A labelled multi-line field, drawn as TextField is. */
export function TextAreaField({ label, hint, error, className, id, ...areaProps }: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={className}
      id={id}
      control={({ className: look, ...control }) => <textarea {...control} className={`${look} resize-y leading-relaxed`} {...areaProps} />}
    />
  );
}
