import { imageCount, imageToVideoTexts, type ImageFocus } from '@reelsmith/contracts';
import { useId } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import { ImageFraming } from './ImageFraming.tsx';
import type { PickedImage } from './images.ts';

interface ImagePickerProps {
  images: PickedImage[];
  onFiles(files: File[]): void;
  onRemove(id: string): void;
  onFocus(id: string, focus: ImageFocus): void;
  onSearchStock(): void;
}

/**
 * SPEC §2 Image to Video: images come by drag and drop, the picker, or the stock search; each shows in a 9:16 frame
 * exactly as the video will crop it (the user moves it there), with its name, size and a remove button. The zone opens
 * the picker too and prints the limits (UI.md media).
 */
export function ImagePicker({ images, onFiles, onRemove, onFocus, onSearchStock }: ImagePickerProps) {
  const headingId = useId();
  const hintId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Images
      </h2>
      <FileDropZone
        title="Drop images here or choose them"
        hint={imageToVideoTexts.zoneHint}
        inputLabel="Choose images"
        accept="image/*"
        multiple
        className="gap-1 px-4 py-8"
        onFiles={(files) => {
          const list = files.filter((file) => file.type.startsWith('image/'));
          if (list.length > 0) onFiles(list);
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={onSearchStock}>
          Search stock images
        </Button>
        <p className="text-sm text-muted" aria-live="polite">
          {images.length} of {imageCount.max} images
        </p>
      </div>
      {images.length > 0 && (
        <p id={hintId} className="text-sm text-muted">
          <span className="font-semibold text-ink">Drag to choose what shows</span> in each 9:16 frame: it is what the video keeps. A
          selected frame also moves with the arrow keys.
        </p>
      )}
      {images.length > 0 && (
        <ul aria-label="Chosen images" className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-5">
          {images.map((image, index) => (
            <li key={image.id} className="flex min-w-0 flex-col gap-1">
              <div className="relative">
                <ImageFraming
                  src={image.previewUrl}
                  alt={`Image ${index + 1}: ${image.name}`}
                  number={index + 1}
                  focus={image.focus}
                  onFocus={(focus) => onFocus(image.id, focus)}
                  describedBy={hintId}
                />
                <button
                  type="button"
                  onClick={() => onRemove(image.id)}
                  aria-label={`Remove ${image.name}`}
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-ink shadow hover:bg-white"
                >
                  <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M5 5l10 10M15 5L5 15" />
                  </svg>
                </button>
              </div>
              <span className="truncate text-xs font-medium" title={image.name}>
                {image.name}
              </span>
              <span className="text-xs text-muted">{formatBytes(image.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
