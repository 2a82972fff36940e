import { maxWrittenSubtitleChars, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { SubtitlesError } from './api.ts';

/**
 * When no speech was heard in the video, the user types what is said; the server lays it over the video as
 * captions, which the editor then shows like generated ones.
 */
export function WrittenCaptions({ onWrite }: { onWrite: (text: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError(subtitleTexts.writtenEmpty);
      return;
    }
    setError(null);
    setWriting(true);
    try {
      await onWrite(text);
    } catch (failure) {
      setError(failure instanceof SubtitlesError ? failure.message : workflowMessages.anErrorOccurred);
    } finally {
      setWriting(false);
    }
  }

  return (
    <form className="flex w-full flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={subtitleTexts.writtenLabel}
        hint={subtitleTexts.writtenHint}
        value={text}
        rows={5}
        maxLength={maxWrittenSubtitleChars}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={writing}>
        {writing && <Spinner className="mr-2 size-4 border-2" />}
        {subtitleTexts.writeButton}
      </Button>
    </form>
  );
}
