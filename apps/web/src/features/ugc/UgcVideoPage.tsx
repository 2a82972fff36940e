import { generatedVideoTexts, genericMessages, ugcLengths, ugcPromptMaxLength, ugcTexts, type UgcLength } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { useVideoGeneration } from '../../lib/useVideoGeneration.ts';
import { fetchLatestImage, fetchUgcSettings, startUgcVideo } from './api.ts';
import { GeneratedVideo } from '../../components/media/GeneratedVideo.tsx';
import { useGeneratorChoice } from '../../components/media/GeneratorChoice.tsx';

/**
 * SPEC §2/§4 UGC Video, step 2 (/ugc-video2): the generated image, the prompt to edit and the length (7 or 14 s,
 * default 7); Generate Video polls the video status every 5 s. A reload restores the image, the prompt and length,
 * and a generation already started.
 */
export function UgcVideoPage() {
  const { user, projectId, setProject, goNext } = useWorkflowPage();
  const lengthName = useId();
  const settings = useQuery({ queryKey: ['ugc', 'settings'], queryFn: fetchUgcSettings });
  const choice = useGeneratorChoice(settings.data?.video_generator);
  const latest = useQuery({
    queryKey: ['ugc', 'latest-image', user?.id, projectId],
    queryFn: () => fetchLatestImage(user!.id, projectId),
    enabled: Boolean(user),
    staleTime: Infinity,
  });
  const [prompt, setPrompt] = useState<string | null>(null);
  const [length, setLength] = useState<UgcLength | null>(null);
  /** The length of the generation under way, for its estimate; unknown for one found on return. */
  const [chosen, setChosen] = useState<UgcLength | null>(null);
  const { generation, error, setError, generate: start, restore, reset } = useVideoGeneration({
    start: startUgcVideo,
    texts: { generationFailed: ugcTexts.videoFailed, pollFailed: ugcTexts.videoCheckFailed },
    onProject: setProject,
  });
  const found = latest.data;
  const project = found?.video_id ?? null;

  /** The project whose started video this page follows already: following it twice would poll twice. */
  const followed = useRef<string | null>(null);
  // The project in the address, so a reload and the steps after this one find it; a generation started is followed.
  useEffect(() => {
    if (!found?.video_id || !user) return;
    if (!projectId) setProject(found.video_id);
    if (found.video_started && followed.current !== found.video_id) {
      followed.current = found.video_id;
      void restore(user.id, found.video_id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found?.video_id, found?.video_started, user?.id]);

  const currentPrompt = prompt ?? found?.prompt ?? '';
  const currentLength = length ?? found?.video_length ?? '7';

  function generate() {
    if (!user || !project) return setError(genericMessages.signInRequired);
    if (!currentPrompt.trim()) return setError(ugcTexts.needPrompt);
    setChosen(currentLength);
    followed.current = project;
    void start({ userId: user.id, projectId: project, prompt: currentPrompt, length: currentLength, motionTemplate: choice.motionTemplate });
  }

  const heading = <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{ugcTexts.heading}</h1>;
  if (latest.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {heading}
        <p role="status" className="flex items-center gap-3 text-muted">
          <Spinner className="size-6" />
          Loading your UGC image…
        </p>
      </div>
    );
  }
  if (latest.isError || !found?.ugc_image) {
    return (
      <div className="flex flex-col gap-6">
        {heading}
        <Notice message={{ tone: 'error', text: latest.isError ? ugcTexts.unexpected : ugcTexts.noImageYet }} />
        <Link to="/ugc-video" className="self-start font-semibold text-accent underline-offset-2 hover:underline">
          {ugcTexts.backToForm}
        </Link>
      </div>
    );
  }

  if (generation.phase === 'done') {
    return <GeneratedVideo heading={ugcTexts.heading} url={generation.url} label={ugcTexts.result} onRestart={reset} restartHint={generatedVideoTexts.restartKeepsHint('the prompt for this picture', ugcTexts.generateVideo)} onNext={() => void goNext(found.video_id!)} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {generation.phase === 'busy' && (
        <RenderProgress
          title={ugcTexts.videoBusy}
          notice={chosen ? ugcTexts.videoEstimate(chosen) : ugcTexts.videoResumed}
          percent={generation.percent || undefined}
          progressLabel={ugcTexts.progressLabel}
          estimate={generation.estimate}
        />
      )}
      {heading}
      <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
        <figure className="flex flex-col items-center gap-2">
          <img src={found.ugc_image} alt={ugcTexts.ugcImageAlt('your product')} className="aspect-[9/16] w-full max-w-60 rounded-xl bg-gray-100 object-cover shadow-sm md:max-w-72" />
          <Link to={`/ugc-video?project=${encodeURIComponent(found.video_id!)}`} className="text-sm font-semibold text-accent underline-offset-2 hover:underline">
            {ugcTexts.newImage}
          </Link>
        </figure>
        <div className="flex flex-col gap-5">
          <TextAreaField
            label={ugcTexts.promptLabel}
            hint={ugcTexts.promptHint}
            value={currentPrompt}
            maxLength={ugcPromptMaxLength}
            rows={5}
            onChange={(event) => {
              setPrompt(event.currentTarget.value);
              setError(null);
            }}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold">{ugcTexts.lengthLegend}</legend>
            <div className="flex gap-6">
              {ugcLengths.map((value) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name={lengthName} checked={currentLength === value} onChange={() => setLength(value)} className="size-4 accent-accent" />
                  {ugcTexts.lengthOption(value)}
                </label>
              ))}
            </div>
          </fieldset>
          {choice.control}
          {error && <Notice message={{ tone: 'error', text: error }} />}
          <Button onClick={() => void generate()} className="self-start" disabled={generation.phase === 'busy'}>
            {ugcTexts.generateVideo}
          </Button>
        </div>
      </div>
    </div>
  );
}
