import {
  brandLimits,
  brandLogoPositions,
  brandLogoSizes,
  subtitleStyleNames,
  voiceLabelText,
  voiceNames,
  type Brand,
  type BrandFields,
  type MusicTrack,
} from '@reelsmith/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { FontUpload, LogoUpload } from './BrandAssets.tsx';
import { brandTexts, draftOf, fontChoices, logoPositionLabels, logoSizeLabels, type BrandDraft } from './brandForm.ts';
import { BrandPreview } from './BrandPreview.tsx';
import { RenderedBrand } from './RenderedBrand.tsx';
import { ChoiceField, ColourField, FormSection, type Choice } from './fields.tsx';

export interface BrandEditorProps {
  /** The brand being edited; null for a new one. */
  brand: Brand | null;
  tracks: MusicTrack[] | undefined;
  still: string | null;
  saving: boolean;
  /** Save and Delete answers: the server's own text on failure. */
  notice: NoticeMessage | null;
  onSave: (fields: BrandFields) => void;
  onActivate: () => void;
  activating: boolean;
  onAskDelete: () => void;
  /** Only brand left: Delete is off, and says why. */
  lastBrand: string | null;
  /** A logo or font change the server already stored. */
  onBrandChanged: (brand: Brand) => void;
}

const toChoices = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));
const voiceChoices: Choice[] = voiceNames.map((name) => ({ value: name, label: `${name[0]!.toUpperCase()}${name.slice(1)} (${voiceLabelText(name)})` }));
const positionChoices: Choice[] = brandLogoPositions.map((value) => ({ value, label: logoPositionLabels[value] }));
const sizeChoices: Choice[] = brandLogoSizes.map((value) => ({ value, label: logoSizeLabels[value] }));
const noMusic = '';

/** The brand's fields, its live preview beside them, and its actions (Save, Make active, Delete). */
export function BrandEditor(props: BrandEditorProps) {
  const { brand } = props;
  const [draft, setDraft] = useState<BrandDraft>(() => draftOf(brand));
  const [nameError, setNameError] = useState<string | null>(null);
  const { fields } = draft;
  const set = (change: Partial<BrandFields>) => setDraft((current) => ({ ...current, fields: { ...current.fields, ...change } }));
  const fonts = toChoices(fontChoices(brand?.uploaded_font ?? null));
  const musicChoices: Choice[] = [{ value: noMusic, label: 'No music' }, ...(props.tracks ?? []).map((track) => ({ value: track.id, label: track.mood ? `${track.title} (${track.mood})` : track.title }))];
  // A saved track the list does not (yet) hold stays choosable rather than silently becoming none.
  if (fields.music && !musicChoices.some((choice) => choice.value === fields.music)) musicChoices.push({ value: fields.music, label: fields.music });
  const placement = fields.logo ?? draft.placement;

  function checkName(): boolean {
    const ok = fields.name.trim().length > 0;
    setNameError(ok ? null : brandTexts.nameRequired);
    return ok;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkName()) return;
    props.onSave(fields);
  }

  function setPlacement(change: Partial<BrandDraft['placement']>) {
    setDraft((current) => {
      const next = { ...(current.fields.logo ?? current.placement), ...change };
      return { placement: next, fields: { ...current.fields, logo: next } };
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="lg:order-2">
        <div className="flex flex-col gap-3 lg:sticky lg:top-4">
          <h3 className="text-base font-semibold">Live preview</h3>
          <BrandPreview fields={fields} logoUrl={brand?.logo_url ?? null} still={props.still} />
          <RenderedBrand brand={brand} />
        </div>
      </div>

      <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-5 lg:order-1" aria-label={brand ? `Edit ${brand.name}` : 'New brand'}>
        <FormSection title="Name and colours">
          <TextField
            label="Brand name"
            value={fields.name}
            maxLength={brandLimits.name}
            required
            autoComplete="organization"
            error={nameError ?? undefined}
            onBlur={checkName}
            onChange={(event) => set({ name: event.target.value })}
          />
          <div className="grid grid-cols-3 gap-3">
            <ColourField label="Primary colour" value={fields.colors.primary} onChange={(primary) => set({ colors: { ...fields.colors, primary } })} />
            <ColourField label="Secondary colour" value={fields.colors.secondary} onChange={(secondary) => set({ colors: { ...fields.colors, secondary } })} />
            <ColourField label="Text colour" value={fields.colors.text} onChange={(text) => set({ colors: { ...fields.colors, text } })} />
          </div>
          <p className="text-xs text-muted">Primary fills the end card, secondary marks the spoken caption word and the end card’s rule, text colours the end card’s words.</p>
        </FormSection>

        <FormSection title="Fonts">
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceField label="Heading font" choices={fonts} value={fields.fonts.heading} onChange={(event) => set({ fonts: { ...fields.fonts, heading: event.target.value } })} />
            <ChoiceField label="Body font" choices={fonts} value={fields.fonts.body} onChange={(event) => set({ fonts: { ...fields.fonts, body: event.target.value } })} />
          </div>
          {brand ? <FontUpload brand={brand} onUploaded={props.onBrandChanged} /> : <p className="text-sm text-muted">{brandTexts.saveFirst}</p>}
        </FormSection>

        <FormSection title="Captions, voice and music">
          <ChoiceField
            label="Caption style"
            choices={toChoices(subtitleStyleNames)}
            value={fields.caption_style}
            onChange={(event) => set({ caption_style: event.target.value as BrandFields['caption_style'] })}
          />
          <ChoiceField label="Voice" choices={voiceChoices} value={fields.voice} onChange={(event) => set({ voice: event.target.value as BrandFields['voice'] })} />
          <TextAreaField
            label="Voice instructions"
            rows={3}
            maxLength={brandLimits.voiceInstructions}
            value={fields.voice_instructions}
            placeholder="Warm and upbeat, like talking to a regular customer."
            hint={`How the voice should sound; up to ${brandLimits.voiceInstructions} characters.`}
            onChange={(event) => set({ voice_instructions: event.target.value })}
          />
          <ChoiceField
            label="Music"
            choices={musicChoices}
            value={fields.music ?? noMusic}
            hint={props.tracks ? undefined : 'Loading the music library'}
            onChange={(event) => set({ music: event.target.value || null })}
          />
        </FormSection>

        <FormSection title="End card">
          <p className="text-sm text-muted">Closes each video with your call to action. Leave the line empty for no end card.</p>
          <TextField label="End card line" value={fields.cta_text} maxLength={brandLimits.ctaText} placeholder="Book your table today" onChange={(event) => set({ cta_text: event.target.value })} />
          <TextField
            label="Website or phone"
            value={fields.cta_contact}
            maxLength={brandLimits.ctaContact}
            placeholder="example.com or 020 7946 0000"
            onChange={(event) => set({ cta_contact: event.target.value })}
          />
        </FormSection>

        <FormSection title="Logo">
          {brand ? <LogoUpload brand={brand} onChanged={(logo_url) => props.onBrandChanged({ ...brand, logo_url })} /> : <p className="text-sm text-muted">{brandTexts.saveFirst}</p>}
          <label className="flex items-center gap-3 text-sm font-semibold">
            <input type="checkbox" checked={fields.logo !== null} onChange={(event) => set({ logo: event.target.checked ? draft.placement : null })} className="size-5 accent-accent" />
            Show logo on videos
          </label>
          <div className="grid gap-3 sm:grid-cols-3">
            <ChoiceField
              label="Logo position"
              choices={positionChoices}
              value={placement.position}
              disabled={fields.logo === null}
              onChange={(event) => setPlacement({ position: event.target.value as BrandDraft['placement']['position'] })}
            />
            <ChoiceField
              label="Logo size"
              choices={sizeChoices}
              value={placement.size}
              disabled={fields.logo === null}
              onChange={(event) => setPlacement({ size: event.target.value as BrandDraft['placement']['size'] })}
            />
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor="brand-logo-opacity" className="text-sm font-semibold">
                Logo opacity
              </label>
              <div className="flex items-center gap-3 py-2">
                <input
                  id="brand-logo-opacity"
                  type="range"
                  min={0.2}
                  max={1}
                  step={0.05}
                  value={placement.opacity}
                  disabled={fields.logo === null}
                  aria-valuetext={`${Math.round(placement.opacity * 100)}%`}
                  onChange={(event) => setPlacement({ opacity: Number(event.target.value) })}
                  className="min-w-0 flex-1 accent-accent"
                />
                <output htmlFor="brand-logo-opacity" className="w-10 text-right text-sm tabular-nums">
                  {Math.round(placement.opacity * 100)}%
                </output>
              </div>
            </div>
          </div>
          {placement.position.startsWith('bottom') && fields.logo !== null && (
            <p className="text-xs text-muted">A video with its captions at the bottom shows the logo in the top corner on the same side, so the two never overlap.</p>
          )}
        </FormSection>

        {props.notice && <Notice message={props.notice} />}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={props.saving}>
            {props.saving ? 'Saving' : 'Save'}
          </Button>
          {brand && !brand.active && (
            <Button variant="secondary" disabled={props.activating} onClick={props.onActivate}>
              Make active
            </Button>
          )}
          {brand && (
            <Button variant="secondary" className="text-red-700" disabled={props.lastBrand !== null} aria-describedby={props.lastBrand ? 'delete-brand-reason' : undefined} onClick={props.onAskDelete}>
              Delete brand
            </Button>
          )}
        </div>
        {brand && props.lastBrand && (
          <p id="delete-brand-reason" className="-mt-3 text-xs text-muted">
            {props.lastBrand}
          </p>
        )}
      </form>
    </div>
  );
}
