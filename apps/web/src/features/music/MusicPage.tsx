import { bgMusicTexts, noBackgroundMusicTitle, workflowMessages, type SessionUser } from '@reelsmith/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { fetchMusic, updateBgMusic, uploadMusic } from './api.ts';
import { useProjectBrand } from '../../lib/brands.ts';
import { useFlow } from '../../lib/flow.ts';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

interface Choice {
  title: string;
  /** '' is 'No Background Music'. */
  url: string;
  detail?: string;
}

const none: Choice = { title: noBackgroundMusicTitle, url: '' };

function MusicChoices({ user, projectId }: { user: SessionUser; projectId: string | null }) {
  const navigate = useNavigate();
  const { nextPath } = useFlow();
  // On a fresh install the library makes its tracks in the background: ask again until the first one exists.
  const music = useQuery({ queryKey: ['music'], queryFn: fetchMusic, refetchInterval: (query) => (query.state.data?.some((t) => !t.silent) ? false : 5000) });
  // Until the user picks, the choice is the project's brand's track (when the library has it).
  const brandTrack = useProjectBrand(projectId).data?.music ?? null;
  const [chosen, setSelected] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Choice | null>(null);
  const uploading = useMutation({
    mutationFn: (file: File) => uploadMusic(user.id, file),
    onSuccess: (url, file) => {
      setUploaded({ title: `${bgMusicTexts.uploadedTitle}: ${file.name}`, url });
      setSelected(url);
    },
  });
  // Pending until the navigation is done, so the progress stays up until the page changes.
  const saving = useMutation({
    mutationFn: () => updateBgMusic(user.id, projectId, selected),
    onSuccess: () => navigate(projectId ? nextPath(projectId) : '/subtitles'),
  });
  const busy = uploading.isPending ? 'Uploading music' : saving.isPending ? 'Saving' : null;

  // The library's silent track is 'No Background Music'; one entry stands for it.
  const library: Choice[] = (music.data ?? []).filter((t) => !t.silent).map((t) => ({ title: t.title, url: t.url, detail: t.mood ?? undefined }));
  const choices = [none, ...(uploaded ? [uploaded] : []), ...library];
  const selected = chosen ?? (music.data ?? []).find((t) => t.id === brandTrack && !t.silent)?.url ?? '';

  return (
    <div className="flex flex-col gap-5">
      {busy && <RenderProgress title={busy} />}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">Choose a track</legend>
        {music.isPending && <Spinner className="size-6" />}
        {music.isError && <Notice message={{ tone: 'error', text: workflowMessages.somethingWentWrong }} />}
        {music.isSuccess && library.length === 0 && <p className="text-sm text-muted">The music library is being prepared; tracks appear here shortly.</p>}
        {choices.map((choice) => (
          <label key={choice.url || 'none'} className={`flex flex-col gap-2 rounded-xl border bg-white p-3 sm:flex-row sm:items-center ${selected === choice.url ? 'border-accent ring-1 ring-accent' : 'border-gray-200'}`}>
            <span className="flex flex-1 items-center gap-3">
              <input type="radio" name="bg-music" value={choice.url} checked={selected === choice.url} onChange={() => setSelected(choice.url)} className="size-4 accent-accent" />
              <span className="font-medium">{choice.title}</span>
              {choice.detail && <span className="text-sm text-muted">{choice.detail}</span>}
            </span>
            {choice.url && <audio controls preload="none" src={choice.url} aria-label={`Preview ${choice.title}`} className="h-10 w-full sm:w-72" />}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-2 text-sm font-medium">
        {bgMusicTexts.uploadLabel}
        <input
          type="file"
          accept=".mp3,audio/mpeg"
          className="text-sm file:mr-2 file:rounded-lg file:border-0 file:bg-gray-100 file:px-3 file:py-2"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) uploading.mutate(file);
          }}
        />
      </label>
      {uploading.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {uploading.error.message}
        </p>
      )}
      {saving.error && <Notice message={{ tone: 'error', text: saving.error.message }} />}
      <Button className="self-start" onClick={() => saving.mutate()}>
        Next
      </Button>
    </div>
  );
}

/** SPEC §2 /background-music: a library track, the user's own MP3, or none; then /subtitles. */
export function MusicPage() {
  const { user, projectId } = useWorkflowPage();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Background Music</h1>
      {user && <MusicChoices user={user} projectId={projectId} />}
    </div>
  );
}
