import { audioTexts, clonedVoiceEmotions, clonedVoiceMessages, type ClonedVoiceEmotion } from '@reelsmith/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, linkClasses } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { voiceTitle } from './VoiceGrid.tsx';
import { useClonedVoice } from './queries.ts';

export interface ClonedVoiceSectionProps {
  onGenerate: (emotion: ClonedVoiceEmotion, voiceId: string) => Promise<void>;
  /** The server's refusal of the last attempt (plan, voice, ElevenLabs not configured). */
  error: string | null;
}

/**
 * SPEC §5/§6 cloned voice: only for 'Pro Plan'; without a voice on record the user is asked for a 2-minute
 * recording and cannot generate; a server that cannot clone says so rather than pretending.
 */
export function ClonedVoiceSection({ onGenerate, error }: ClonedVoiceSectionProps) {
  const status = useClonedVoice();
  const [emotion, setEmotion] = useState<ClonedVoiceEmotion>('auto');
  const selectId = useId();
  const reasonId = useId();

  let body;
  if (status.isPending) body = <Spinner className="size-6" />;
  else if (status.isError) body = <Notice message={{ tone: 'error', text: audioTexts.loadFailed }} />;
  else if (!status.data.eligible) {
    body = (
      <p className="text-sm text-muted">
        {audioTexts.clonedPro}{' '}
        <Link to="/Subscriptions" className={linkClasses}>
          {audioTexts.seePlans}
        </Link>
      </p>
    );
  } else {
    const { voice_id: voiceId, available, recording_email: email } = status.data;
    const reason = !voiceId ? clonedVoiceMessages.recordingRequest(email) : !available ? clonedVoiceMessages.unavailable : null;
    const mailto = `mailto:${email}?${new URLSearchParams({ subject: clonedVoiceMessages.recordingSubject }).toString().replace(/\+/g, '%20')}`;
    body = (
      <div className="flex flex-col gap-3">
        {reason && (
          <p id={reasonId} className="text-sm text-muted">
            {reason}
          </p>
        )}
        {!voiceId && (
          <a href={mailto} className={`${linkClasses} self-start`}>
            {audioTexts.emailRecording}
          </a>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-semibold">
              {audioTexts.emotionLabel}
            </label>
            <select
              id={selectId}
              value={emotion}
              disabled={reason !== null}
              onChange={(event) => setEmotion(event.target.value as ClonedVoiceEmotion)}
              className="rounded-lg border border-gray-300 bg-white px-3 py-2.5 shadow-sm sm:w-48"
            >
              {clonedVoiceEmotions.map((tone) => (
                <option key={tone} value={tone}>
                  {voiceTitle(tone)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            disabled={reason !== null}
            aria-describedby={reason ? reasonId : undefined}
            onClick={() => voiceId && void onGenerate(emotion, voiceId)}
          >
            {audioTexts.generateCloned}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="cloned-voice-heading" className="flex flex-col gap-3 rounded-xl border border-dashed border-gray-300 p-4">
      <h2 id="cloned-voice-heading" className="font-semibold">
        {audioTexts.clonedHeading}
      </h2>
      {body}
      {error && <Notice message={{ tone: 'error', text: error }} />}
    </section>
  );
}
