import { uploadPolicies } from '@reelsmith/contracts';
import { useId, useState, type DragEvent } from 'react';

const limitMb = uploadPolicies['main-video'].maxBytes / (1024 * 1024);

/** SPEC §2 /BRolls upload: drop or pick one video; the zone also opens the picker and prints the limit. */
export function VideoUploadZone({ onFile }: { onFile(file: File): void }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const take = (file: File | undefined) => {
    if (file && file.type.startsWith('video/')) onFile(file);
  };
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
        take(event.dataTransfer.files[0]);
      }}
      className={`flex aspect-[9/16] w-full max-w-60 cursor-pointer flex-col items-center justify-center gap-2 self-center rounded-xl border-2 border-dashed p-4 text-center text-sm ${over ? 'border-accent bg-accent/5' : 'border-gray-300 bg-white'}`}
    >
      <span className="font-semibold">Drop a video here or choose one</span>
      <span className="text-muted">One video, up to {limitMb} MB</span>
      <input id={inputId} type="file" accept="video/*" className="sr-only" aria-label="Upload a video" onChange={(event) => take(event.currentTarget.files?.[0])} />
    </label>
  );
}
