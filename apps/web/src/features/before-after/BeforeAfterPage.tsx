import { beforeAfterTexts, defaultImageEffect, generatedVideoTexts, genericMessages, type BeforeAfterSide, type ImageEffect } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { TransitionPicker } from '../../components/media/TransitionPicker.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { fetchOptions, fetchTransitions } from './api.ts';
import { checkSides, emptySide, type SideDraft, type SideProblems } from './sides.ts';
import { SidePicker } from './SidePicker.tsx';
import { useGeneration } from './useGeneration.ts';
import { GeneratedVideo } from '../../components/media/GeneratedVideo.tsx';
import { useRestoreOnOpen } from '../../lib/useVideoGeneration.ts';
import { GenerationCost } from '../../components/media/GenerationCost.tsx';

const title = 'Before / After';

type Sides = Record<BeforeAfterSide, SideDraft>;
const emptySides = (): Sides => ({ before: emptySide(), after: emptySide() });
const revoke = (draft: SideDraft) => draft.previewUrl && URL.revokeObjectURL(draft.previewUrl);

/** SPEC §2/§4 /before-after: a before and an after file (image or video), a transition, Generate, then Restart or Next. */
export function BeforeAfterPage() {
  const { user, projectId, setProject, goNext } = useWorkflowPage();
  const options = useQuery({ queryKey: ['before-after-options'], queryFn: fetchOptions });
  const transitions = useQuery({ queryKey: ['image-effects'], queryFn: fetchTransitions, staleTime: Infinity });
  const [sides, setSides] = useState<Sides>(emptySides);
  const [transition, setTransition] = useState<ImageEffect>(defaultImageEffect);
  const [problems, setProblems] = useState<SideProblems>({ prompts: {} });
  const { generation, error, setError, generate, restore, reset } = useGeneration(setProject);
  const aiAvailable = options.data?.ai_credits_left === true;

  useRestoreOnOpen(user?.id, projectId, restore);

  // The previews of files are object URLs: freed when replaced and when the page goes.
  const current = useRef(sides);
  useEffect(() => {
    current.current = sides;
  }, [sides]);
  useEffect(() => () => Object.values(current.current).forEach(revoke), []);

  function change(side: BeforeAfterSide, draft: SideDraft) {
    if (sides[side].previewUrl !== draft.previewUrl) revoke(sides[side]);
    setSides({ ...sides, [side]: draft });
    setProblems({ prompts: {} });
    setError(null);
  }

  function start() {
    if (!user) return setError(genericMessages.signInRequired);
    const checked = checkSides(sides, aiAvailable);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return setError(checked.problems.files ?? Object.values(checked.problems.prompts)[0] ?? null);
    }
    void generate({ userId: user.id, projectId, transition, sides: checked.choices });
  }

  function restart() {
    Object.values(sides).forEach(revoke);
    setSides(emptySides());
    setTransition(defaultImageEffect);
    setProblems({ prompts: {} });
    setError(null);
    reset();
  }

  if (generation.phase === 'done') {
    const projectId = generation.projectId;
    return <GeneratedVideo heading={title} url={generation.url} label="Your video" onRestart={restart} restartHint={generatedVideoTexts.restartHint('Generate')} onNext={() => void goNext(projectId)} />;
  }

  const busy = generation.phase === 'busy';
  return (
    <div className="flex flex-col gap-6">
      {busy && !generation.restoring && (
        <RenderProgress title={beforeAfterTexts.busy} notice={beforeAfterTexts.estimate} percent={generation.percent} progressLabel={beforeAfterTexts.progressLabel} estimate={generation.estimate} />
      )}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {busy && generation.restoring && (
        <p role="status" className="text-sm text-muted">
          Looking for your video in progress…
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-[1fr_1fr_14rem]">
        {(['before', 'after'] as const).map((side) => (
          <SidePicker
            key={side}
            side={side}
            draft={sides[side]}
            onChange={(draft) => change(side, draft)}
            aiAvailable={aiAvailable}
            offline={options.data?.generator === 'local'}
            promptError={problems.prompts[side]}
          />
        ))}
        <div className="flex flex-col gap-5">
          <TransitionPicker label="Transition" value={transition} onChange={setTransition} previews={transitions.data} previewLabel={(label) => `Preview of the ${label} effect`} />
          {error && <Notice message={{ tone: 'error', text: error }} />}
          {aiAvailable && (['before', 'after'] as const).some((side) => sides[side].kind === 'image' && sides[side].imageToVideo) && <GenerationCost generator={options.data?.generator} />}
          <Button onClick={start} disabled={busy}>
            Generate
          </Button>
        </div>
      </div>
    </div>
  );
}
