/** A ring that turns; it stands still for users who ask for reduced motion (the text beside it carries the meaning). */
export function Spinner({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block rounded-full border-4 border-accent-soft border-t-accent motion-safe:animate-spin ${className}`}
    />
  );
}
