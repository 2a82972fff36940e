import { subtitleTexts, timing, workflowMessages, type LatestSubtitlesResponse } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useProjectBrand } from '../../lib/brands.ts';
import { Notice } from '../../components/ui/Notice.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import type { FinalVideoCaptions, FinalVideoStep } from '../../lib/finalVideoStep.ts';
import { CallFailure, shownText } from '../../lib/client.ts';
import { generateSubtitles, updateSubtitles, writeSubtitles, type SubtitleSettings } from './api.ts';
import { CaptionPreview } from './CaptionPreview.tsx';
import { CueEditor } from './CueEditor.tsx';
import { editorCues, editorSrt, emphasisPalette, wordsOf, type EditorCue } from './editorCues.ts';
import { useLatestSubtitles, useStyleLooks, useStylePreview } from './queries.ts';
import { SettingsFields, StylePicker } from './SubtitleSettings.tsx';
import { useAutosave } from './useAutosave.ts';
import { WrittenCaptions } from './WrittenCaptions.tsx';
import { useFlow } from '../../lib/flow.ts';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';

function Loading() {
  return (
    <p role="status" className="flex items-center gap-3 text-muted">
      <Spinner className="size-6" />
      Loading…
    </p>
  );
}

const card = 'flex flex-col gap-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6';

interface SubtitlesEditorProps {
  initial: LatestSubtitlesResponse;
  userId: string;
  /** The final step's section (features/final-video), given the captions as they stand. */
  finalSection(captions: () => FinalVideoCaptions): ReactNode;
}

function SubtitlesEditor({ initial, userId, finalSection }: SubtitlesEditorProps) {
  const project = useMemo(() => ({ userId, videoId: initial.video_id }), [userId, initial.video_id]);
  // A word clicked takes the brand's colour first, whatever the style: the plain styles colour no spoken word.
  const brandColour = useProjectBrand(initial.video_id).data?.colors.secondary;
  const palette = useMemo(() => emphasisPalette(brandColour), [brandColour]);
  const { page } = useFlow();
  const [settings, setSettings] = useState<SubtitleSettings>({
    position: initial.subtitle_position,
    fontSize: initial.subtitle_font_size,
    wordsPerChunk: initial.words_per_chunk,
  });
  const [style, setStyle] = useState(initial.subtitle_style);
  const [cues, setCues] = useState<EditorCue[] | null>(() => (initial.subtitle_srt ? editorCues(initial.subtitle_srt) : null));
  const [selected, setSelected] = useState(0);
  const [nothingHeard, setNothingHeard] = useState(false);
  const looks = useStyleLooks();
  const preview = useStylePreview(style, settings.fontSize, settings.position);
  // The autosave keeps its own queue and status; each save it sends is this mutation.
  const { mutateAsync: saveSubtitles } = useMutation({
    mutationFn: (value: { settings: SubtitleSettings; cues: EditorCue[] }) => updateSubtitles(project, value.settings, editorSrt(value.cues)),
  });
  const autosave = useAutosave(saveSubtitles, timing.subtitleAutosaveMs);
  const showCues = (srt: string) => {
    setCues(editorCues(srt) ?? []);
    setSelected(0);
  };
  const generation = useMutation({
    mutationFn: () => generateSubtitles(project, settings),
    onSuccess: showCues,
    onError: (error) => setNothingHeard(error instanceof CallFailure && error.message === subtitleTexts.noSpeech),
  });
  const generating = generation.isPending;
  const generateError = generation.error ? shownText(generation.error, workflowMessages.anErrorOccurred) : null;
  const writing = useMutation({ mutationFn: (text: string) => writeSubtitles(project, settings, text), onSuccess: showCues });
  const hasCues = cues !== null && cues.length > 0;
  const shownCue = cues?.[selected] ?? cues?.[0];

  function changeSettings(next: SubtitleSettings) {
    setSettings(next);
    if (hasCues) autosave.schedule({ settings: next, cues });
  }

  function changeCues(next: EditorCue[]) {
    setCues(next);
    autosave.schedule({ settings, cues: next });
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page?.title}</h1>
        <p className="mt-2 text-muted">Captions follow your voiceover word by word. Pick a look, check the words, then make the final video.</p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="mx-auto w-44 sm:w-52 lg:sticky lg:top-6 lg:order-last lg:w-full">
          {preview.data ? (
            <CaptionPreview
              preview={preview.data}
              wordsPerChunk={settings.wordsPerChunk}
              styleName={style}
              cue={shownCue ? { start: shownCue.start, words: wordsOf(shownCue) } : null}
              videoUrl={initial.preview_video_url}
            />
          ) : (
            <div className="flex aspect-[9/16] w-full items-center justify-center rounded-2xl bg-[#1f2a44]">
              {preview.isError ? <p className="p-4 text-center text-sm text-white">{workflowMessages.anErrorOccurred}</p> : <Spinner className="size-8" />}
            </div>
          )}
        </div>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="look-heading" className={card}>
            <h2 id="look-heading" className="text-lg font-semibold">
              Look
            </h2>
            <SettingsFields settings={settings} locked={hasCues} pictureTextAt={initial.picture_text_at} onChange={changeSettings} />
            <StylePicker value={style} onChange={setStyle} looks={looks} />
          </section>

          <div className={card}>
            {cues === null ? (
              <div className="flex flex-col items-start gap-3">
                <h2 className="text-lg font-semibold">Captions</h2>
                <Button onClick={() => generation.mutate()} disabled={generating}>
                  {generating && <Spinner className="mr-2 size-4 border-2" />}
                  Generate Subtitles
                </Button>
                {generateError && <Notice message={{ tone: 'error', text: generateError }} className="w-full" />}
                {nothingHeard && <WrittenCaptions writing={writing} />}
              </div>
            ) : (
              <CueEditor cues={cues} onChange={changeCues} saveState={autosave.state} selected={selected} onSelect={setSelected} palette={palette} />
            )}
          </div>

          <div className={card}>{finalSection(() => ({ ...settings, style, srt: cues ? editorSrt(cues) : '' }))}</div>
        </div>
      </div>
    </div>
  );
}

/** SPEC §2 /subtitles: generate, edit and style the captions, then make the final video (`finalVideo`). */
export function SubtitlesPage({ finalVideo }: { finalVideo: FinalVideoStep }) {
  const { user, projectId } = useWorkflowPage();
  if (!user) return <Loading />;
  return <SubtitlesLoader userId={user.id} videoId={projectId ?? undefined} FinalVideo={finalVideo} />;
}

function SubtitlesLoader({ userId, videoId, FinalVideo }: { userId: string; videoId?: string; FinalVideo: FinalVideoStep }) {
  const latest = useLatestSubtitles({ userId, videoId });
  const { page } = useFlow();
  const found = latest.data?.video_id;
  const project = useMemo(() => ({ userId, videoId: found }), [userId, found]);
  if (latest.isPending) return <Loading />;
  if (latest.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{page?.title}</h1>
        <Notice message={{ tone: 'error', text: shownText(latest.error, workflowMessages.anErrorOccurred) }} />
        <Button variant="secondary" onClick={() => void latest.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const initial = latest.data;
  return (
    <FinalVideo key={initial.video_id} project={project} subtitlesEnabled={initial.subtitle_enabled === 'Yes'}>
      {(section) => <SubtitlesEditor initial={initial} userId={userId} finalSection={section} />}
    </FinalVideo>
  );
}
