import {
  subtitleFontSizes,
  subtitlePositions,
  subtitleStyleNames,
  subtitleTexts,
  wordsPerChunkOptions,
  type SubtitleFontSize,
  type SubtitlePosition,
  type SubtitleStyleName,
  type SubtitleStylePreview,
} from '@reelsmith/contracts';
import { useId } from 'react';
import type { SubtitleSettings } from './api.ts';
import { captionTextStyle } from './CaptionPreview.tsx';

const labels: Record<string, string> = { middle: 'Middle', bottom: 'Bottom', small: 'Small', medium: 'Medium', large: 'Large' };

/** A visible, keyboard-friendly radio group drawn as a row of segments. */
function Segments<T extends string | number>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  note?: string;
}) {
  const noteId = useId();
  return (
    <fieldset disabled={props.disabled} aria-describedby={props.note ? noteId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{props.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {props.options.map((option) => (
          <label
            key={option}
            className="cursor-pointer rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:text-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent"
          >
            <input
              type="radio"
              name={props.name}
              value={option}
              checked={option === props.value}
              onChange={() => props.onChange(option)}
              className="sr-only"
            />
            {labels[String(option)] ?? option}
          </label>
        ))}
      </div>
      {props.note && (
        <p id={noteId} className="text-xs text-muted">
          {props.note}
        </p>
      )}
    </fieldset>
  );
}

interface SettingsFieldsProps {
  settings: SubtitleSettings;
  locked: boolean;
  /** Where the video already shows text of its own: subtitles put there would cover it. */
  pictureTextAt: SubtitlePosition | null;
  onChange: (settings: SubtitleSettings) => void;
}

/** Told, with the fix at hand, when the chosen position is where the video's own text is (issue 29 §2). */
function CoveredText({ position, onMove }: { position: SubtitlePosition; onMove: (to: SubtitlePosition) => void }) {
  const free = subtitlePositions.find((other) => other !== position)!;
  return (
    <div role="status" className="flex flex-col items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>{subtitleTexts.coversPictureText(position)}</p>
      <button type="button" onClick={() => onMove(free)} className="rounded-md bg-white px-3 py-1 font-semibold ring-1 ring-amber-300 hover:bg-amber-100">
        {subtitleTexts.moveSubtitles(free)}
      </button>
    </div>
  );
}

export function SettingsFields(props: SettingsFieldsProps) {
  const { settings, onChange } = props;
  const move = (position: SubtitlePosition) => onChange({ ...settings, position });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Segments legend="Position" name="subtitle-position" options={subtitlePositions} value={settings.position} onChange={move} />
        {props.pictureTextAt === settings.position && <CoveredText position={settings.position} onMove={move} />}
      </div>
      <Segments<SubtitleFontSize>
        legend="Font size"
        name="subtitle-font-size"
        options={subtitleFontSizes}
        value={settings.fontSize}
        onChange={(fontSize) => onChange({ ...settings, fontSize })}
      />
      <Segments
        legend="Words per screen"
        name="words-per-chunk"
        options={wordsPerChunkOptions}
        value={settings.wordsPerChunk}
        onChange={(wordsPerChunk) => onChange({ ...settings, wordsPerChunk })}
        disabled={props.locked}
        note={props.locked ? subtitleTexts.lockedNote : undefined}
      />
    </div>
  );
}

/** The nine styles of SPEC §9 as a radio grid, each name written in its own look. */
export function StylePicker(props: {
  value: SubtitleStyleName;
  onChange: (style: SubtitleStyleName) => void;
  looks: Partial<Record<SubtitleStyleName, SubtitleStylePreview>>;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">Style</legend>
      <div className="grid grid-cols-3 gap-2">
        {subtitleStyleNames.map((name) => {
          const look = props.looks[name];
          const drawn = look ? captionTextStyle(look, labelLength) : null;
          return (
            <label
              key={name}
              className="flex min-h-16 cursor-pointer items-center justify-center rounded-lg bg-[#1f2a44] px-2 py-3 text-center ring-offset-2 has-[:checked]:ring-3 has-[:checked]:ring-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-accent"
            >
              <input type="radio" name="subtitle-style" value={name} checked={name === props.value} onChange={() => props.onChange(name)} className="sr-only" />
              <span className="text-base leading-tight sm:text-lg" style={drawn?.text ?? { color: 'white' }}>
                <span style={drawn?.box ?? undefined}>{name}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The grid's names are small: outlines and shadows scaled down from 1080 p would vanish, so they keep 1-2 px. */
const labelLength = (value: number) => `${Math.max(1, Math.min(2, value / 4))}px`;
