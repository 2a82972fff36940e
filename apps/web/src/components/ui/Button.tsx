import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'link';

const variantClasses: Record<Variant, string> = {
  primary:
    'inline-flex items-center justify-center rounded-lg bg-accent px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold text-ink hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60',
  link: 'rounded font-semibold text-accent underline-offset-2 hover:text-accent-strong hover:underline disabled:cursor-not-allowed disabled:opacity-60',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', type = 'button', className = '', ...props }: ButtonProps) {
  return <button type={type} className={`${variantClasses[variant]} ${className}`} {...props} />;
}

/** The same look for react-router links, so navigation and actions read alike. */
export const linkClasses = variantClasses.link;
/** A link that is the page's one way on, looking like its primary button. */
export const primaryLinkClasses = variantClasses.primary;
/** A secondary action that is not a button element (a file input's label). */
export const secondaryClasses = variantClasses.secondary;
