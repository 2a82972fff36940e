import { imageEffectLabels, imageEffects, type ImageEffect, type ImageEffectItem } from '@reelsmith/contracts';
import { useId } from 'react';

interface TransitionPickerProps {
  /** The select's visible label ('Effect' on Animated Images, 'Transition' where scenes are joined). */
  label: string;
  /** '' while none is chosen: the select then offers `placeholder` first. */
  value: ImageEffect | '';
  onChange(value: ImageEffect): void;
  placeholder?: string;
  /** The five with their preview clips; undefined while they load. */
  previews: ImageEffectItem[] | undefined;
  /** The preview clip's accessible name, from the chosen one's label. */
  previewLabel(label: string): string;
  error?: string;
}

/** SPEC §3: one of the five transitions, with a short looping clip of the one chosen. */
export function TransitionPicker({ label, value, onChange, placeholder, previews, previewLabel, error }: TransitionPickerProps) {
  const id = useId();
  const preview = value ? previews?.find((item) => item.name === value) : undefined;
  const reducedMotion = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <select
          id={id}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.currentTarget.value as ImageEffect)}
          className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus-visible:border-accent ${error ? 'border-red-500' : 'border-gray-300'}`}
        >
          {!value && placeholder && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {imageEffects.map((name) => (
            <option key={name} value={name}>
              {imageEffectLabels[name]}
            </option>
          ))}
        </select>
      </div>
      {value && (
        <div className="flex flex-col items-center gap-1">
          {preview ? (
            <video
              key={preview.name}
              src={preview.preview_url}
              aria-label={previewLabel(imageEffectLabels[value])}
              // With reduced motion asked for, the clip waits for the user to play it.
              autoPlay={!reducedMotion}
              controls={reducedMotion}
              muted
              loop
              playsInline
              className="aspect-[9/16] w-28 rounded-lg bg-gray-100 object-contain"
            />
          ) : (
            <div aria-hidden="true" className="aspect-[9/16] w-28 animate-pulse rounded-lg bg-gray-100" />
          )}
          <span className="text-xs text-muted">{imageEffectLabels[value]} preview</span>
        </div>
      )}
    </div>
  );
}
