import { defaultImageEffect, generatedVideoTexts, genericMessages, introTexts, type ImageEffect, type IntroSceneType } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { TransitionPicker } from '../../components/media/TransitionPicker.tsx';
import { useTransitionPreviews } from '../../components/media/transitions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { useRestoreOnOpen, useVideoGeneration } from '../../lib/useVideoGeneration.ts';
import { fetchGenerator, startIntro } from './api.ts';
import { checkScenes, pickImage, startingScenes, type SceneDraft, type SceneProblems } from './scenes.ts';
import { ScenePicker } from './ScenePicker.tsx';
import { GeneratedVideo } from '../../components/media/GeneratedVideo.tsx';
import { useGeneratorChoice } from '../../components/media/GeneratorChoice.tsx';

const freeImage = (scene: SceneDraft) => scene.image && URL.revokeObjectURL(scene.image.previewUrl);
const noProblems = (): SceneProblems[] => [{}, {}, {}, {}];

/**
 * SPEC §2/§4 /product-intro: four scenes, each of one of the eight types with its image (a custom type with its
 * details), a transition, Generate; the page polls every 5 s until the video is there, then Restart or Next.
 */
export function ProductIntroPage() {
  const { user, projectId, setProject, goNext } = useWorkflowPage();
  const generator = useQuery({ queryKey: ['product-intro', 'generator'], queryFn: fetchGenerator, staleTime: Infinity });
  const choice = useGeneratorChoice(generator.data, { templateNote: introTexts.offlineDirections });
  const transitions = useTransitionPreviews();
  const [scenes, setScenes] = useState<SceneDraft[]>(startingScenes);
  const [transition, setTransition] = useState<ImageEffect>(defaultImageEffect);
  const [problems, setProblems] = useState<SceneProblems[]>(noProblems);
  const [reused, setReused] = useState<number[]>([]);
  const { generation, error, setError, generate, restore, reset } = useVideoGeneration({
    start: startIntro,
    texts: introTexts,
    onProject: setProject,
  });

  useRestoreOnOpen(user?.id, projectId, restore);

  // The thumbnails are object URLs: freed when replaced and when the page goes.
  const current = useRef(scenes);
  useEffect(() => {
    current.current = scenes;
  }, [scenes]);
  useEffect(() => () => current.current.forEach(freeImage), []);

  /** A change clears what was said about the fields it touches (a new type: its details too). */
  function change(index: number, patch: Partial<SceneDraft>, fields: (keyof SceneProblems)[]) {
    setScenes((all) => all.map((scene, i) => (i === index ? { ...scene, ...patch } : scene)));
    setProblems((all) => all.map((found, i) => (i === index ? { ...found, ...Object.fromEntries(fields.map((field) => [field, undefined])) } : found)));
    setError(null);
  }

  function setImage(index: number, file: File | null) {
    freeImage(scenes[index]!);
    setReused([]);
    if (!file) return change(index, { image: null, note: null }, ['image']);
    const picked = pickImage(file);
    change(index, picked, ['image']);
    if (!picked.image) return;
    // One product photo serves the whole intro: the scenes still without an image take it too, each free to change.
    const empty = scenes.flatMap((scene, i) => (i !== index && !scene.image ? [i] : []));
    for (const i of empty) change(i, pickImage(file), ['image']);
    setReused(empty.map((i) => i + 1));
  }

  function start() {
    if (!user) return setError(genericMessages.signInRequired);
    const checked = checkScenes(scenes);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return setError(checked.first);
    }
    setProblems(noProblems());
    void generate({ userId: user.id, projectId, transition, scenes: checked.choices, motionTemplate: choice.motionTemplate });
  }

  function restart() {
    scenes.forEach(freeImage);
    setReused([]);
    setScenes(startingScenes());
    setTransition(defaultImageEffect);
    setProblems(noProblems());
    setError(null);
    reset();
  }

  if (generation.phase === 'done') {
    const projectId = generation.projectId;
    const badge = choice.generator === 'local' && (
      <p title={introTexts.offlineBadgeTooltip} className="rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-muted">
        {introTexts.offlineBadge}
        <span className="sr-only">. {introTexts.offlineBadgeTooltip}</span>
      </p>
    );
    return <GeneratedVideo heading={introTexts.heading} url={generation.url} label={introTexts.result} note={badge} onRestart={restart} restartHint={generatedVideoTexts.restartHint('Generate')} onNext={() => void goNext(projectId)} />;
  }

  const busy = generation.phase === 'busy';
  return (
    <div className="flex flex-col gap-6">
      {busy && !generation.restoring && (
        <RenderProgress title={introTexts.busy} notice={introTexts.estimate} percent={generation.percent} progressLabel={introTexts.progressLabel} estimate={generation.estimate} />
      )}
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{introTexts.heading}</h1>
        <p className="max-w-3xl text-muted">{introTexts.intro}</p>
      </div>
      {busy && generation.restoring && (
        <p role="status" className="text-sm text-muted">
          {introTexts.restoring}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {scenes.map((scene, index) => (
          <ScenePicker
            key={index}
            n={index + 1}
            scene={scene}
            problems={problems[index]!}
            onType={(type: IntroSceneType) => change(index, { type }, ['type', 'extension'])}
            onExtension={(extension) => change(index, { extension }, ['extension'])}
            onImage={(file) => setImage(index, file)}
            onRemoveImage={() => setImage(index, null)}
          />
        ))}
      </div>
      {reused.length > 0 && (
        <p role="status" className="text-sm text-muted">
          {introTexts.imageReused(reused)}
        </p>
      )}
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:gap-8">
        <div className="md:w-64">
          <TransitionPicker label={introTexts.transitionLabel} value={transition} onChange={setTransition} previews={transitions.data} previewLabel={introTexts.transitionPreview} />
        </div>
        <div className="flex flex-col gap-3 md:max-w-xl md:flex-1">
          {choice.control}
          {error && <Notice message={{ tone: 'error', text: error }} />}
          <Button onClick={start} disabled={busy} className="self-start">
            {introTexts.generate}
          </Button>
        </div>
      </div>
    </div>
  );
}
