import { audioTexts, voiceLabelText, voiceNames, type VoiceName } from '@reelsmith/contracts';
import { Notice } from '../../components/ui/Notice.tsx';
import { useVoices } from './queries.ts';

export const voiceTitle = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * SPEC §9: the nine voices as one radio group, each with its label (gender, accent, tone) and a sample to hear. The
 * names and labels are known without the server, so the choice works even while the samples are still being made.
 */
export function VoiceGrid({ value, onChange }: { value: VoiceName; onChange: (voice: VoiceName) => void }) {
  const voices = useVoices();
  const samples = new Map(voices.data?.map((voice) => [voice.name, voice.sample_url]));
  const pending = voices.isSuccess && voices.data.some((voice) => !voice.sample_url);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{audioTexts.voiceLegend}</legend>
      {pending && <p className="text-sm text-muted">{audioTexts.samplesPending}</p>}
      {voices.isError && <Notice message={{ tone: 'error', text: audioTexts.loadFailed }} />}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {voiceNames.map((name) => {
          const sample = samples.get(name);
          const checked = value === name;
          return (
            <div key={name} className={`flex flex-col gap-2 rounded-xl border bg-white p-3 ${checked ? 'border-accent ring-1 ring-accent' : 'border-gray-200'}`}>
              <label className="flex cursor-pointer items-start gap-3">
                <input type="radio" name="voice" value={name} checked={checked} onChange={() => onChange(name)} className="mt-1 size-4 accent-accent" />
                <span className="flex flex-col">
                  <span className="font-semibold">{voiceTitle(name)}</span>
                  <span className="text-sm text-muted">{voiceLabelText(name)}</span>
                </span>
              </label>
              {/* Outside the label: playing a sample must not also pick the voice. */}
              {sample && <audio controls preload="none" src={sample} aria-label={`${voiceTitle(name)} sample`} className="h-10 w-full" />}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
