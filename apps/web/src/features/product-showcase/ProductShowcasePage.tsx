import { generatedVideoTexts, genericMessages, showcaseLengths, showcaseScenes, showcaseTexts, type ImageEffect, type ShowcaseLength } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { TransitionPicker } from '../../components/media/TransitionPicker.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { fetchGenerator, fetchTransitions } from './api.ts';
import { emptyScene, pickImage, SceneFields, type SceneDraft } from './SceneFields.tsx';
import { useShowcase } from './useShowcase.ts';
import { GeneratedVideo } from '../../components/media/GeneratedVideo.tsx';
import { useGeneratorChoice } from '../../components/media/GeneratorChoice.tsx';

const freeImage = (scene: SceneDraft) => scene.image && URL.revokeObjectURL(scene.image.previewUrl);

/** What Generate needs (SPEC §5), in the page's order; null when the form is complete. */
function missing(length: ShowcaseLength, scenes: SceneDraft[], transition: ImageEffect | ''): string | null {
  const count = showcaseScenes[length];
  for (let i = 0; i < count; i += 1) if (!scenes[i]!.text.trim() || !scenes[i]!.image) return showcaseTexts.needsScene(i + 1);
  return count === 2 && !transition ? showcaseTexts.needsTransition : null;
}

/** SPEC §2 /product-showcase: length 7 or 14 s, text and image per scene, a transition for 14 s; the result with Restart and Next. */
export function ProductShowcasePage() {
  const { user, projectId, setProject, goNext } = useWorkflowPage();
  const lengthName = useId();
  const generator = useQuery({ queryKey: ['product-showcase', 'generator'], queryFn: fetchGenerator, staleTime: Infinity });
  const choice = useGeneratorChoice(generator.data);
  const transitions = useQuery({ queryKey: ['image-effects'], queryFn: fetchTransitions, staleTime: Infinity });
  const [length, setLength] = useState<ShowcaseLength>('7');
  const [scenes, setScenes] = useState<SceneDraft[]>([emptyScene, emptyScene]);
  const [transition, setTransition] = useState<ImageEffect | ''>('');
  const { showcase, error, setError, generate, reset } = useShowcase(user?.id, projectId, setProject);

  // The thumbnails are object URLs: freed when the page goes.
  const current = useRef(scenes);
  useEffect(() => {
    current.current = scenes;
  }, [scenes]);
  useEffect(() => () => current.current.forEach(freeImage), []);

  function changeScene(index: number, change: Partial<SceneDraft>) {
    setScenes((all) => all.map((scene, i) => (i === index ? { ...scene, ...change } : scene)));
    setError(null);
  }

  function setImage(index: number, file: File | null) {
    freeImage(scenes[index]!);
    changeScene(index, file ? pickImage(file) : { image: null, note: null });
  }

  function start() {
    if (!user) return setError(genericMessages.signInRequired);
    const gap = missing(length, scenes, transition);
    if (gap) return setError(gap);
    void generate({ userId: user.id, projectId, length, transition, scenes: scenes.map((scene) => ({ text: scene.text, file: scene.image?.file ?? null })), motionTemplate: choice.motionTemplate });
  }

  function restart() {
    scenes.forEach(freeImage);
    setScenes([emptyScene, emptyScene]);
    setLength('7');
    setTransition('');
    setError(null);
    reset();
  }

  if (showcase.phase === 'done') {
    const projectId = showcase.projectId;
    return <GeneratedVideo heading={showcaseTexts.heading} url={showcase.url} label={showcaseTexts.result} onRestart={restart} restartHint={generatedVideoTexts.restartHint('Generate')} onNext={() => void goNext(projectId)} />;
  }

  const sceneCount = showcaseScenes[length];
  return (
    <div className="flex flex-col gap-6">
      {showcase.phase === 'busy' && (
        <RenderProgress
          title={showcaseTexts.busy}
          notice={showcase.length ? showcaseTexts.estimate(showcase.length) : showcaseTexts.resumed}
          percent={showcase.percent}
          progressLabel={showcaseTexts.progressLabel}
          estimate={showcase.estimate}
        />
      )}
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{showcaseTexts.heading}</h1>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">{showcaseTexts.lengthLegend}</legend>
        <div className="flex gap-6">
          {showcaseLengths.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={lengthName}
                checked={length === value}
                onChange={() => {
                  setLength(value);
                  setError(null);
                }}
                className="size-4 accent-accent"
              />
              {showcaseTexts.lengthOption(value)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={`grid gap-6 ${sceneCount === 2 ? 'md:grid-cols-2' : 'md:max-w-xl'}`}>
        {scenes.slice(0, sceneCount).map((scene, index) => (
          <SceneFields
            key={index}
            n={index + 1}
            scene={scene}
            onText={(text) => changeScene(index, { text })}
            onImage={(file) => setImage(index, file)}
            onRemoveImage={() => setImage(index, null)}
          />
        ))}
      </div>
      {sceneCount === 2 && (
        <div className="md:max-w-xs">
          <TransitionPicker
            label={showcaseTexts.transitionLabel}
            value={transition}
            onChange={(value) => {
              setTransition(value);
              setError(null);
            }}
            placeholder={showcaseTexts.transitionPlaceholder}
            previews={transitions.data}
            previewLabel={showcaseTexts.transitionPreview}
          />
        </div>
      )}
      <div className="flex flex-col gap-3 md:max-w-xl">
        {choice.control}
        {error && <Notice message={{ tone: 'error', text: error }} />}
        <Button onClick={start} className="self-start">
          {showcaseTexts.generate}
        </Button>
      </div>
    </div>
  );
}
