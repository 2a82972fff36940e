import { ugcTexts } from '@reelsmith/contracts';
import { Button } from '../../components/ui/Button.tsx';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { formatBytes } from '../../lib/bytes.ts';

/** The photo as the form holds it: a picked file (its object URL the thumbnail), or the one the last still used. */
export type PhotoDraft = { kind: 'file'; file: File; previewUrl: string } | { kind: 'kept'; url: string } | null;

interface ProductPhotoProps {
  photo: PhotoDraft;
  onPick(file: File): void;
  onRemove(): void;
}

/** SPEC §3 productImage: drop or pick an image, with its thumbnail; the page leaves the size to the server (SPEC §5). */
export function ProductPhoto({ photo, onPick, onRemove }: ProductPhotoProps) {
  if (!photo) {
    return (
      <FileDropZone
        title="Drop the product photo here or choose it"
        hint={ugcTexts.imageHint}
        inputLabel={ugcTexts.imageLabel}
        accept="image/*"
        className="gap-1 px-4 py-8"
        onFiles={(files) => {
          const file = files.find((picked) => picked.type.startsWith('image/'));
          if (file) onPick(file);
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold">{ugcTexts.imageLabel}</span>
      <div className="flex items-center gap-4">
        <img
          src={photo.kind === 'file' ? photo.previewUrl : photo.url}
          alt={ugcTexts.imagePreview}
          className="size-28 rounded-lg border border-gray-200 bg-gray-50 object-contain"
        />
        <div className="flex min-w-0 flex-col gap-1">
          {photo.kind === 'file' ? (
            <>
              <span className="truncate text-sm font-medium" title={photo.file.name}>
                {photo.file.name}
              </span>
              <span className="text-xs text-muted">{formatBytes(photo.file.size)}</span>
            </>
          ) : (
            <span className="text-sm text-muted">{ugcTexts.keptPhoto}</span>
          )}
          <Button variant="secondary" onClick={onRemove} aria-label="Replace the product image">
            Replace
          </Button>
        </div>
      </div>
    </div>
  );
}
