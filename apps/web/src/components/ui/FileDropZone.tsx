import { useId, useState, type DragEvent, type ReactNode } from 'react';

interface FileDropZoneProps {
  title: string;
  hint: ReactNode;
  /** The picker's accessible name (the zone is its label, so a click or Enter opens it). */
  inputLabel: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Size and spacing; the look of the zone itself is shared. */
  className: string;
  /** Every dropped or picked file, unfiltered: which files count is the page's rule, and so is what it says about the rest. */
  onFiles(files: File[]): void;
}

/** A dashed zone to drop files on that also opens the picker (UI.md media): own videos, B-roll main video, images. */
export function FileDropZone({ title, hint, inputLabel, accept, multiple = false, disabled = false, className, onFiles }: FileDropZoneProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(!disabled);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
      className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed text-center focus-within:ring-2 focus-within:ring-accent ${over ? 'border-accent bg-accent/5' : 'border-gray-300 bg-white'} ${disabled ? 'opacity-60' : ''} ${className}`}
    >
      <span className="font-semibold">{title}</span>
      <span className="text-sm text-muted">{hint}</span>
      <input
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        aria-label={inputLabel}
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </label>
  );
}
