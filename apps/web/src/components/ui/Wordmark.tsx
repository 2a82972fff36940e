interface WordmarkProps {
  className?: string;
  /** Inverted colours for dark backgrounds. */
  inverted?: boolean;
  /** Accessible name; omit when a surrounding link already names the logo. */
  label?: string;
}

/** The Reelsmith wordmark: a play-button reel mark beside the name, drawn as one SVG. */
export function Wordmark({ className, inverted = false, label }: WordmarkProps) {
  const ink = inverted ? '#ffffff' : '#1f2330';
  const markFill = inverted ? '#ffffff' : '#6d28d9';
  const markInk = inverted ? '#6d28d9' : '#ffffff';
  return (
    <svg
      viewBox="0 0 168 36"
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect x="0" y="2" width="32" height="32" rx="9" fill={markFill} />
      <path d="M12 11.5v13l10.5-6.5z" fill={markInk} />
      <text
        x="42"
        y="26"
        fill={ink}
        fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
        fontSize="22"
        fontWeight="700"
        letterSpacing="-0.5"
      >
        Reelsmith
      </text>
    </svg>
  );
}
