import type { BackgroundItem } from '@reelsmith/contracts';
import { useState } from 'react';

interface BackgroundGridProps {
  backgrounds: BackgroundItem[];
  disabled: boolean;
  onChoose: (background: BackgroundItem) => void;
}

/** One background: its thumbnail, and the loop itself while the pointer or focus is on it (a muted preview). */
function BackgroundTile({ background, disabled, onChoose }: { background: BackgroundItem; disabled: boolean; onChoose: () => void }) {
  const [previewing, setPreviewing] = useState(false);
  const show = () => setPreviewing(true);
  const hide = () => setPreviewing(false);
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        disabled={disabled}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        aria-label={`Use the ${background.name} background`}
        className="group flex w-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white text-left hover:border-accent focus-visible:border-accent disabled:cursor-wait disabled:opacity-60"
      >
        <span className="relative block aspect-[9/16] bg-gray-100">
          <img src={background.thumbnail_url} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
          {previewing && (
            <video src={background.video_url} muted autoPlay loop playsInline aria-hidden="true" className="absolute inset-0 size-full object-cover" />
          )}
          <span className="absolute right-1.5 bottom-1.5 rounded bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white">
            {Math.round(background.duration)} s
          </span>
        </span>
        <span className="px-2 py-1.5 text-sm font-semibold group-hover:text-accent">{background.name}</span>
      </button>
    </li>
  );
}

/** SPEC §2 Scroll Stopper: the named backgrounds, in the spec's order, as a grid of thumbnails with names. */
export function BackgroundGrid({ backgrounds, disabled, onChoose }: BackgroundGridProps) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
      {backgrounds.map((background) => (
        <BackgroundTile key={background.id} background={background} disabled={disabled} onChoose={() => onChoose(background)} />
      ))}
    </ul>
  );
}
