import { showcaseImagePolicy, showcaseTextMaxLength, showcaseTexts } from '@reelsmith/contracts';
import { useId } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { formatBytes } from '../../lib/bytes.ts';

/** A scene as the page holds it: the image's object URL is its thumbnail, freed when the image goes. */
export interface SceneDraft {
  text: string;
  image: { file: File; previewUrl: string } | null;
  /** Why the last image picked was left out (too large), said next to the picker. */
  note: string | null;
}

export const emptyScene: SceneDraft = { text: '', image: null, note: null };

interface SceneFieldsProps {
  n: number;
  scene: SceneDraft;
  onText(text: string): void;
  onImage(file: File): void;
  onRemoveImage(): void;
}

/** SPEC §2/§5 one scene: its text (up to 200 characters, counted as typed) and its product image with a thumbnail. */
export function SceneFields({ n, scene, onText, onImage, onRemoveImage }: SceneFieldsProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {showcaseTexts.sceneHeading(n)}
      </h2>
      <TextAreaField
        label={showcaseTexts.textLabel(n)}
        value={scene.text}
        maxLength={showcaseTextMaxLength}
        rows={3}
        onChange={(event) => onText(event.currentTarget.value)}
        hint={
          <span className="flex justify-between gap-3">
            <span>{showcaseTexts.textHint}</span>
            <span className="shrink-0 whitespace-nowrap tabular-nums" aria-live="polite">
              {showcaseTexts.textCount(scene.text.length)}
            </span>
          </span>
        }
      />
      {scene.image ? (
        <div className="flex items-center gap-4">
          <img src={scene.image.previewUrl} alt={showcaseTexts.imagePreview(n)} className="aspect-[9/16] w-24 rounded-lg bg-gray-100 object-cover" />
          <div className="flex min-w-0 flex-col gap-1">
            <span className="truncate text-sm font-medium" title={scene.image.file.name}>
              {scene.image.file.name}
            </span>
            <span className="text-xs text-muted">{formatBytes(scene.image.file.size)}</span>
            <Button variant="secondary" onClick={onRemoveImage} aria-label={`Remove the scene ${n} image`}>
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <FileDropZone
          title="Drop the product image here or choose it"
          hint={showcaseTexts.imageHint}
          inputLabel={showcaseTexts.imageLabel(n)}
          accept="image/*"
          className="gap-1 px-4 py-6"
          onFiles={(files) => {
            const file = files.find((picked) => picked.type.startsWith('image/'));
            if (file) onImage(file);
          }}
        />
      )}
      {scene.note && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {scene.note}
        </p>
      )}
    </section>
  );
}

/** The picked file as the scene keeps it, or the SPEC §5 text when it is over the upload limit (the server's own words). */
export function pickImage(file: File): Pick<SceneDraft, 'image' | 'note'> {
  if (file.size > showcaseImagePolicy.maxBytes) return { image: null, note: showcaseTexts.imageTooLarge(file.size) };
  return { image: { file, previewUrl: URL.createObjectURL(file) }, note: null };
}
