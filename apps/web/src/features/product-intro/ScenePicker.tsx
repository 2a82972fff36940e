import { introExtensionMax, introScenes, introSceneTypes, introTexts, type IntroSceneType } from '@reelsmith/contracts';
import { useId } from 'react';
import { Button, secondaryClasses } from '../../components/ui/Button.tsx';
import { FileDropZone } from '../../components/ui/FileDropZone.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { formatBytes } from '../../lib/bytes.ts';
import { isCustom, type SceneDraft, type SceneProblems } from './scenes.ts';

interface ScenePickerProps {
  n: number;
  scene: SceneDraft;
  problems: SceneProblems;
  onType(type: IntroSceneType): void;
  onExtension(extension: string): void;
  onImage(file: File): void;
  onRemoveImage(): void;
}

const customTypes = introSceneTypes.filter((type) => introScenes[type].custom);
const fixedTypes = introSceneTypes.filter((type) => !introScenes[type].custom);

/**
 * SPEC §3/§5 one scene: its type (the eight, fixed and custom apart), the type's direction as read-only text, the
 * details a custom type needs (up to 90 characters, counted as typed), and its product image with a thumbnail.
 */
export function ScenePicker({ n, scene, problems, onType, onExtension, onImage, onRemoveImage }: ScenePickerProps) {
  const headingId = useId();
  const typeId = useId();
  const typeErrorId = useId();
  const definition = scene.type ? introScenes[scene.type] : null;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {introTexts.sceneHeading(n)}
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={typeId} className="text-sm font-semibold">
          {introTexts.typeLabel(n)}
        </label>
        <select
          id={typeId}
          value={scene.type}
          aria-invalid={problems.type ? true : undefined}
          aria-describedby={problems.type ? typeErrorId : undefined}
          onChange={(event) => onType(event.currentTarget.value as IntroSceneType)}
          className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus-visible:border-accent ${problems.type ? 'border-red-500' : 'border-gray-300'}`}
        >
          {!scene.type && (
            <option value="" disabled>
              {introTexts.typePlaceholder}
            </option>
          )}
          <optgroup label="Fixed scenes">
            {fixedTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </optgroup>
          <optgroup label="Custom scenes (add your details)">
            {customTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </optgroup>
        </select>
        {problems.type && (
          <p id={typeErrorId} className="text-sm font-medium text-red-700">
            {problems.type}
          </p>
        )}
      </div>
      {definition && (
        <dl className="flex flex-col gap-1.5">
          <dt className="flex items-center gap-2 text-sm font-semibold">
            {introTexts.promptLabel(n)}
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-muted">{definition.custom ? introTexts.customBadge : introTexts.fixedBadge}</span>
          </dt>
          <dd className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm leading-relaxed text-muted">{definition.prompt}</dd>
        </dl>
      )}
      {isCustom(scene.type) && (
        <TextAreaField
          label={introTexts.extensionLabel(n)}
          value={scene.extension}
          maxLength={introExtensionMax}
          rows={2}
          required
          error={problems.extension}
          onChange={(event) => onExtension(event.currentTarget.value)}
          hint={
            <span className="flex justify-between gap-3">
              <span>{definition?.extensionHint}</span>
              <span className="shrink-0 whitespace-nowrap tabular-nums" aria-live="polite">
                {introTexts.extensionCount(scene.extension.length)}
              </span>
            </span>
          }
        />
      )}
      <p className="-mb-2 text-sm font-semibold" aria-hidden="true">
        {introTexts.imageLabel(n)}
      </p>
      {scene.image ? (
        <div className="flex items-center gap-4">
          <img src={scene.image.previewUrl} alt={introTexts.imagePreview(n)} className="aspect-[9/16] w-20 shrink-0 rounded-lg bg-gray-100 object-contain" />
          <div className="flex min-w-0 flex-col items-start gap-1">
            <span className="max-w-full truncate text-sm font-medium" title={scene.image.file.name}>
              {scene.image.file.name}
            </span>
            <span className="text-xs text-muted">{formatBytes(scene.image.file.size)}</span>
            <div className="flex flex-wrap gap-2">
              {/* Each scene may show another image than the one the intro shares: picked here, it replaces this one. */}
              <label className={`${secondaryClasses} cursor-pointer focus-within:ring-2 focus-within:ring-accent`}>
                {introTexts.changeImage}
                <input
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  aria-label={introTexts.imageLabel(n)}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    event.currentTarget.value = '';
                    if (file) onImage(file);
                  }}
                />
              </label>
              <Button variant="secondary" onClick={onRemoveImage} aria-label={introTexts.removeImage(n)}>
                Remove
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <FileDropZone
          title={introTexts.imageZone}
          hint={introTexts.imageHint}
          inputLabel={introTexts.imageLabel(n)}
          accept="image/*"
          className="gap-1 px-4 py-6"
          onFiles={(files) => {
            const file = files.find((picked) => picked.type.startsWith('image/'));
            if (file) onImage(file);
          }}
        />
      )}
      {(scene.note ?? problems.image) && (
        <p role={scene.note ? 'alert' : undefined} className="text-sm font-medium text-red-700">
          {scene.note ?? problems.image}
        </p>
      )}
    </section>
  );
}
