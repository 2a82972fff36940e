import { maxWrittenSubtitleChars, subtitleTexts, workflowMessages } from '@reelsmith/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { shownText } from '../../lib/client.ts';

/**
 * When no speech was heard in the video, the user types what is said; the server lays it over the video as
 * captions, which the editor then shows like generated ones.
 */
export function WrittenCaptions({ writing }: { writing: UseMutationResult<string, Error, string> }) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const failure = writing.error ? shownText(writing.error, workflowMessages.anErrorOccurred) : null;
  const error = refusal ?? failure;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setRefusal(subtitleTexts.writtenEmpty);
      return;
    }
    setRefusal(null);
    writing.mutate(text);
  }

  return (
    <form className="flex w-full flex-col gap-3" onSubmit={submit} noValidate>
      <TextAreaField
        label={subtitleTexts.writtenLabel}
        hint={subtitleTexts.writtenHint}
        value={text}
        rows={5}
        maxLength={maxWrittenSubtitleChars}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={writing.isPending}>
        {writing.isPending && <Spinner className="mr-2 size-4 border-2" />}
        {subtitleTexts.writeButton}
      </Button>
    </form>
  );
}
