import { scriptTexts } from '@reelsmith/contracts';
import { useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';

interface VideoPanelProps {
  /** undefined while loading, null when the project has no video. */
  url: string | null | undefined;
}

/** Small on a phone, so the script below it stays in reach; the full column on wider screens. */
const frame = 'aspect-[9/16] w-full max-w-48 self-center rounded-xl md:max-w-72';

/** The project's video at 9:16, never stretched, with its length to compare with the script's. */
export function VideoPanel({ url }: VideoPanelProps) {
  const [seconds, setSeconds] = useState<number | null>(null);
  return (
    <figure className="flex flex-col gap-2">
      {url ? (
        <video
          src={url}
          controls
          playsInline
          preload="metadata"
          aria-label={scriptTexts.videoLabel}
          className={`${frame} bg-black object-contain`}
          onLoadedMetadata={(event) => setSeconds(Math.round(event.currentTarget.duration))}
        />
      ) : (
        <div className={`${frame} flex items-center justify-center border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-muted`}>
          {url === undefined ? <Spinner className="size-8" /> : scriptTexts.noVideo}
        </div>
      )}
      <figcaption className="text-center text-sm text-muted">
        {scriptTexts.videoLabel}
        {seconds !== null && Number.isFinite(seconds) ? ` · ${seconds} sec` : ''}
      </figcaption>
    </figure>
  );
}
