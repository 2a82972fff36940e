import { Button } from '../../components/ui/Button.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import type { OwnVideoItem } from './items.ts';

interface VideoListProps {
  items: OwnVideoItem[];
  disabled: boolean;
  onRemove: (id: string) => void;
  onDuration: (id: string, seconds: number) => void;
}

/** The chosen videos in the order they will play, each with a preview, its size and a remove button. */
export function VideoList({ items, disabled, onRemove, onDuration }: VideoListProps) {
  return (
    <ol aria-label="Your videos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map((item, index) => (
        <li key={item.id} className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
          <video
            src={item.previewUrl}
            controls
            muted
            playsInline
            preload="metadata"
            aria-label={`Video ${index + 1}: ${item.name}`}
            onLoadedMetadata={(event) => {
              const seconds = event.currentTarget.duration;
              if (item.duration === undefined && Number.isFinite(seconds)) onDuration(item.id, seconds);
            }}
            className="aspect-[9/16] w-full bg-black object-contain"
          />
          <div className="flex flex-col gap-1 p-2 text-sm">
            <p className="truncate font-semibold" title={item.name}>
              {index + 1}. {item.name}
            </p>
            <p className="text-muted">
              {formatBytes(item.size)}
              {item.duration !== undefined ? ` · ${Math.round(item.duration)} s` : ''}
              {item.kind === 'stock' ? ' · stock' : ''}
            </p>
            <Button variant="link" className="self-start" disabled={disabled} onClick={() => onRemove(item.id)} aria-label={`Remove ${item.name}`}>
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
