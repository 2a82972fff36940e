import { audioTexts, defaultVoice, type ClonedVoiceEmotion, type SessionUser, type VoiceName } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { useProjectBrand } from '../../lib/brands.ts';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { CallFailure } from '../../lib/client.ts';
import { adjustTempo, generateClonedVoice, saveAudio, type Voiceover } from './api.ts';
import { ClonedVoiceSection } from './ClonedVoiceSection.tsx';
import { TempoControls } from './TempoControls.tsx';
import { VoiceGrid } from './VoiceGrid.tsx';

export interface VoiceoverPanelProps {
  user: SessionUser;
  projectId: string;
  script: string;
  voiceover: Voiceover | null;
  onVoiceover: (voiceover: Voiceover) => void;
}

/**
 * The voiceover step shared by /audio and /audio-types: a voice (or the user's cloned one), instructions, the result
 * to play, and its tempo. SPEC §8: audio and tempo failures show no message; the busy state ends and the page stays
 * usable, so the user can simply try again.
 */
export function VoiceoverPanel({ user, projectId, script, voiceover, onVoiceover }: VoiceoverPanelProps) {
  // Until the user picks, the voice and its instructions are the project's brand's.
  const brand = useProjectBrand(projectId).data;
  const [chosenVoice, setVoice] = useState<VoiceName | null>(null);
  const [chosenInstructions, setInstructions] = useState<string | null>(null);
  const voice = chosenVoice ?? brand?.voice ?? defaultVoice;
  const instructions = chosenInstructions ?? brand?.voice_instructions ?? '';
  const [clonedError, setClonedError] = useState<string | null>(null);
  // A new voiceover starts at tempo 1, so the tempo field starts over with it.
  const [take, setTake] = useState(0);

  const made = (fresh: boolean) => (result: Voiceover) => {
    onVoiceover(result);
    if (fresh) setTake((n) => n + 1);
  };
  const saving = useMutation({ mutationFn: () => saveAudio(user.id, projectId, { script, voice, instructions }), onSuccess: made(true) });
  const cloning = useMutation({
    mutationFn: ({ emotion, voiceId }: { emotion: ClonedVoiceEmotion; voiceId: string }) => generateClonedVoice(user.id, projectId, { script, emotion, voiceId }),
    onSuccess: made(true),
    onError: (error) => {
      // Like the other voiceover failures, no answer at all says nothing: the user simply tries again.
      if (error instanceof CallFailure && error.status !== 0) setClonedError(error.message);
    },
  });
  const tempo = useMutation({ mutationFn: (request: { url: string; tempo: number }) => adjustTempo(user.id, projectId, request.url, request.tempo), onSuccess: made(false) });
  const busy = saving.isPending || cloning.isPending ? audioTexts.generating : tempo.isPending ? audioTexts.adjustingTempo : null;

  const generate = () => saving.mutate();

  async function generateCloned(emotion: ClonedVoiceEmotion, voiceId: string) {
    setClonedError(null);
    await cloning.mutateAsync({ emotion, voiceId }).catch(() => undefined);
  }

  const applyTempo = (value: number) => (voiceover ? tempo.mutateAsync({ url: voiceover.url, tempo: value }).then(() => undefined, () => undefined) : Promise.resolve());

  return (
    <section aria-labelledby="voiceover-heading" className="flex flex-col gap-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="voiceover-heading" className="text-lg font-semibold">
        {audioTexts.panelHeading}
      </h2>
      <VoiceGrid value={voice} onChange={setVoice} />
      <TextField
        label={audioTexts.instructionsLabel}
        name="instructions"
        maxLength={500}
        hint={audioTexts.instructionsHint}
        value={instructions}
        onChange={(event) => setInstructions(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') generate();
        }}
      />
      <Button className="self-start" onClick={generate}>
        {audioTexts.generate}
      </Button>

      {voiceover && (
        <div className="flex flex-col gap-4 border-t border-gray-100 pt-4">
          <div className="flex flex-col gap-1.5">
            <audio key={voiceover.url} controls preload="metadata" src={voiceover.url} aria-label={audioTexts.playerLabel} className="w-full" />
            {voiceover.duration !== null && <p className="text-sm text-muted">{`${audioTexts.playerLabel} · ${voiceover.duration.toFixed(1)} sec`}</p>}
          </div>
          <TempoControls key={take} disabled={busy !== null} onApply={applyTempo} />
        </div>
      )}

      <ClonedVoiceSection onGenerate={generateCloned} error={clonedError} />
      {busy && <RenderProgress title={busy} notice={busy === audioTexts.generating ? audioTexts.generateEstimate : undefined} />}
    </section>
  );
}
