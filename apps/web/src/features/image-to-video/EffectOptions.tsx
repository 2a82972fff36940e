import { imageEffectLabels, imageEffects, type ImageEffect, type ImageEffectItem } from '@reelsmith/contracts';
import { useId } from 'react';

interface EffectOptionsProps {
  zoom: boolean;
  onZoom(zoom: boolean): void;
  effect: ImageEffect;
  onEffect(effect: ImageEffect): void;
  /** The effects with their preview clips; undefined while they load. */
  previews: ImageEffectItem[] | undefined;
}

/** SPEC §2: zoom yes/no (a slow Ken Burns push-in) and the transition effect, with a short clip of the one chosen. */
export function EffectOptions({ zoom, onZoom, effect, onEffect, previews }: EffectOptionsProps) {
  const id = useId();
  const preview = previews?.find((item) => item.name === effect);
  const reducedMotion = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <section className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">Zoom</legend>
        <div className="flex gap-4">
          {[true, false].map((value) => (
            <label key={String(value)} className="flex items-center gap-2">
              <input type="radio" name={`${id}-zoom`} checked={zoom === value} onChange={() => onZoom(value)} className="size-4 accent-accent" />
              {value ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted">Yes: each image slowly zooms in.</p>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-effect`} className="text-sm font-semibold">
          Effect
        </label>
        <select
          id={`${id}-effect`}
          value={effect}
          onChange={(event) => onEffect(event.currentTarget.value as ImageEffect)}
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
            aria-label={`Preview of the ${imageEffectLabels[effect]} effect`}
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
        <span className="text-xs text-muted">{imageEffectLabels[effect]} preview</span>
      </div>
    </section>
  );
}
