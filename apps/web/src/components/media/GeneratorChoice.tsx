import { aiVideoMessages, generatorChoiceTexts, type VideoGeneratorName } from '@reelsmith/contracts';
import { useId, useState, type ReactNode } from 'react';
import { GenerationCost } from './GenerationCost.tsx';

export interface GeneratorChoice {
  /** What makes this generation: the set-up vendor, or 'local' for motion templates; unknown until settings load. */
  generator: VideoGeneratorName | undefined;
  /** True only when a vendor is set up and the user chose motion templates: the start asks for them. */
  motionTemplate: boolean;
  /** Beside Generate: the choice (only with a vendor), what the motion template is, and what the start costs. */
  control: ReactNode;
}

/**
 * Where AI video is generated (issue 30): without a vendor every generation is a motion template; with one, the user
 * picks the vendor's footage (1 AI credit) or a motion template made here (no credit). `templateNote` follows the
 * page's note on what a motion template is.
 */
export function useGeneratorChoice(configured: VideoGeneratorName | undefined, options: { templateNote?: string } = {}): GeneratorChoice {
  const [chosen, setChosen] = useState<'vendor' | 'template'>('vendor');
  const name = useId();
  const vendor = configured !== undefined && configured !== 'local';
  const motionTemplate = vendor && chosen === 'template';
  const generator = configured && (motionTemplate ? 'local' : configured);
  const option = (value: 'vendor' | 'template', label: string, hint: string) => (
    <label className="flex items-start gap-2">
      <input type="radio" name={name} checked={chosen === value} onChange={() => setChosen(value)} className="mt-1 size-4 accent-accent" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
  const control = (
    <>
      {vendor && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">{generatorChoiceTexts.legend}</legend>
          {option('vendor', generatorChoiceTexts.vendor, generatorChoiceTexts.vendorHint)}
          {option('template', generatorChoiceTexts.template, generatorChoiceTexts.templateHint)}
        </fieldset>
      )}
      {generator === 'local' && (
        <p role="note" className="rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink">
          {aiVideoMessages.offline}
          {options.templateNote && `. ${options.templateNote}`}
        </p>
      )}
      <GenerationCost generator={generator} />
    </>
  );
  return { generator, motionTemplate, control };
}
