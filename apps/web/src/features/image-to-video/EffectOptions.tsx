import type { ImageEffect, ImageEffectItem } from '@reelsmith/contracts';
import { useId } from 'react';
import { TransitionPicker } from '../../components/media/TransitionPicker.tsx';

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
      <TransitionPicker label="Effect" value={effect} onChange={onEffect} previews={previews} previewLabel={(label) => `Preview of the ${label} effect`} />
    </section>
  );
}
