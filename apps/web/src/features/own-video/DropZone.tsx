import { ownVideoLimits } from '@reelsmith/contracts';
import { useId, useState, type DragEvent } from 'react';

interface DropZoneProps {
  full: boolean;
  onFiles: (files: File[]) => void;
}

/** SPEC §2 Use Own Video: drop videos here or pick them (several at once); the zone is also the picker's label. */
export function DropZone({ full, onFiles }: DropZoneProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
      className={`flex min-h-36 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed p-6 text-center focus-within:ring-2 focus-within:ring-accent ${over ? 'border-accent bg-accent/5' : 'border-gray-300 bg-white'} ${full ? 'opacity-60' : ''}`}
    >
      <span className="font-semibold">Drop videos here or choose videos</span>
      <span className="text-sm text-muted">
        Up to {ownVideoLimits.maxVideos} videos, 40 MB in all. Video files only.
      </span>
      <input
        id={inputId}
        type="file"
        accept="video/*"
        multiple
        disabled={full}
        className="sr-only"
        aria-label="Choose videos"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </label>
  );
}
