import { imageEffectLabels, imageEffects, type ImageEffect, type ImageEffectItem } from '@reelsmith/contracts';
import { useId } from 'react';

interface TransitionPickerProps {
  label: string;
  value: ImageEffect;
  onChange(value: ImageEffect): void;
  /** The five transitions with their preview clips (GET /api/image-effects); undefined while they load. */
  previews: ImageEffectItem[] | undefined;
}

/** SPEC §3: the five transitions in a select, with a short clip of the one chosen. */
export function TransitionPicker({ label, value, onChange, previews }: TransitionPickerProps) {
  const id = useId();
  const preview = previews?.find((item) => item.name === value);
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
          onChange={(event) => onChange(event.currentTarget.value as ImageEffect)}
          className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base shadow-sm focus-visible:border-accent"
        >
          {imageEffects.map((name) => (
            <option key={name} value={name}>
              {imageEffectLabels[name]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col items-center gap-1">
        {preview ? (
          <video
            key={preview.name}
            src={preview.preview_url}
            aria-label={`Preview of the ${imageEffectLabels[value]} effect`}
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
    </div>
  );
}
