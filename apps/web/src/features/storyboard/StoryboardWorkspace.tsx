import { generatedVideoTexts, storyboardAiVideoTexts, storyboardTexts, workflowMessages, type SceneMedia, type SessionUser, type UploadResponse } from '@reelsmith/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { GeneratedVideo } from '../../components/media/GeneratedVideo.tsx';
import { StockSearchModal } from '../../components/stock/StockSearchModal.tsx';
import type { AddedStock } from '../../components/stock/StockResults.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Notice, type NoticeMessage } from '../../components/ui/Notice.tsx';
import { RenderProgress } from '../../components/ui/RenderProgress.tsx';
import { generateStoryboard, keepSceneMedia, updateScene, uploadSceneFile } from './api.ts';
import { SceneCard } from './SceneCard.tsx';
import { useAiVideo } from './useAiVideo.ts';
import { createVideoError, firstSceneWithoutVideo, pickedImageError, pickedVideoError, restoredScenes, sceneNumbers, type Scene } from './scenes.ts';
import { useWorkflowPage } from '../../lib/useWorkflowPage.ts';
import { useGeneratorChoice } from '../../components/media/GeneratorChoice.tsx';

const objectUrls = (scene: Scene) => [scene.image?.previewUrl, scene.video?.kind === 'file' ? scene.video.previewUrl : undefined];

interface StoryboardWorkspaceProps {
  user: SessionUser;
  projectId: string;
  initialTexts: string[];
  /** Each scene's stored image and video, so a reload shows them again. */
  initialMedia: SceneMedia[];
}

export function StoryboardWorkspace({ user, projectId, initialTexts, initialMedia }: StoryboardWorkspaceProps) {
  const { goNext } = useWorkflowPage();
  const targetId = useId();
  const [scenes, setScenes] = useState<Scene[]>(() => restoredScenes(initialTexts, initialMedia));
  const [target, setTarget] = useState<number | null>(null);
  const [stockOpen, setStockOpen] = useState(false);
  // 'check' stands for Create Video's own check, re-run as scenes change so it names the next gap or goes away.
  const [notice, setNotice] = useState<NoticeMessage | 'check' | null>(null);
  const saved = useRef([...initialTexts]);
  // update-scene calls go one after another, so two quick edits cannot overwrite each other on the server.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const current = useRef(scenes);
  useEffect(() => {
    current.current = scenes;
  }, [scenes]);
  useEffect(() => () => current.current.flatMap(objectUrls).forEach((url) => url?.startsWith('blob:') && URL.revokeObjectURL(url)), []);

  /** `patch` may look at the scene as it is by then, and answer null to leave it alone. */
  const change = (index: number, patch: Partial<Scene> | ((scene: Scene) => Partial<Scene> | null)) =>
    setScenes((list) =>
      list.map((scene, i) => {
        const changes = i === index ? (typeof patch === 'function' ? patch(scene) : patch) : null;
        if (!changes) return scene;
        const next = { ...scene, ...changes };
        for (const url of objectUrls(scene)) if (url?.startsWith('blob:') && !objectUrls(next).includes(url)) URL.revokeObjectURL(url);
        return next;
      }),
    );

  // The saves keep their own queue; each one it sends is this mutation.
  const { mutateAsync: saveScene } = useMutation({
    mutationFn: ({ index, text }: { index: number; text: string }) => updateScene(user.id, projectId, index + 1, text),
    onSuccess: (_, { index, text }) => {
      saved.current[index] = text;
    },
  });
  const creation = useMutation({
    mutationFn: async (list: Scene[]) => {
      await saving.current;
      return generateStoryboard(user.id, projectId, list);
    },
    onError: (failure) => setNotice({ tone: 'error', text: failure.message }),
  });
  const aiVideo = useAiVideo(user.id, projectId);
  const choice = useGeneratorChoice(aiVideo.generator);

  function save(index: number) {
    const text = current.current[index]!.text.trim();
    if (text === saved.current[index]) return;
    saving.current = saving.current.then(() => saveScene({ index, text }).then(() => undefined, (error: Error) => change(index, { error: error.message })));
  }

  /**
   * A picked file is shown at once and stored as the user's upload behind it; once stored, the scene names the upload
   * and the project keeps it, so a reload finds it (issue 29 §3). A refusal is told on the scene's card.
   */
  async function keepFile(index: number, kind: 'image' | 'video', file: File) {
    try {
      const upload = await uploadSceneFile(kind, file);
      change(index, (scene) => {
        if (kind === 'image') return scene.image?.source.kind === 'file' && scene.image.source.file === file ? { image: { ...scene.image, source: { kind: 'upload', url: upload.url } } } : null;
        return scene.video?.kind === 'file' && scene.video.file === file ? { video: { kind: 'upload', url: upload.url, size: upload.size, name: file.name } } : null;
      });
      await keepSceneMedia(user.id, projectId, index + 1, kind, { url: upload.url, name: file.name });
    } catch (failure) {
      change(index, { error: (failure as Error).message });
    }
  }

  function pickImage(index: number, file: File) {
    const error = pickedImageError(file);
    change(index, error ? { error } : { error: null, image: { name: file.name, previewUrl: URL.createObjectURL(file), source: { kind: 'file', file } } });
    if (!error) void keepFile(index, 'image', file);
  }

  function pickVideo(index: number, file: File) {
    const error = pickedVideoError(file.size);
    change(index, error ? { error } : { error: null, video: { kind: 'file', file, previewUrl: URL.createObjectURL(file) } });
    if (!error) void keepFile(index, 'video', file);
  }

  const destination = target ?? firstSceneWithoutVideo(scenes);

  /** A pick fills one scene, so the modal closes on it and the page says where it went. */
  function addStock(upload: UploadResponse, item: AddedStock) {
    setStockOpen(false);
    const index = destination - 1;
    if (upload.kind === 'video') {
      const error = pickedVideoError(upload.size);
      if (error) {
        change(index, { error });
        setNotice({ tone: 'error', text: error });
        return;
      }
      change(index, { error: null, video: { kind: 'upload', url: upload.url, size: upload.size, name: item.name } });
    } else {
      change(index, { error: null, image: { name: item.name, previewUrl: upload.url, source: { kind: 'upload', url: upload.url } } });
    }
    void keepSceneMedia(user.id, projectId, destination, upload.kind === 'video' ? 'video' : 'image', { url: upload.url, name: item.name }).catch((failure: Error) =>
      change(index, { error: failure.message }),
    );
    setNotice({ tone: 'success', text: `Added to scene ${destination}.` });
  }

  function createVideo() {
    if (createVideoError(scenes)) {
      setNotice('check');
      return;
    }
    setNotice(null);
    creation.mutate(scenes);
  }

  function createAiVideo() {
    setNotice(null);
    aiVideo.start(scenes, choice.motionTemplate);
  }

  const checkError = notice === 'check' ? createVideoError(scenes) : null;
  const shown: NoticeMessage | null = notice !== 'check' ? notice : checkError ? { tone: 'error', text: checkError } : null;

  const result = creation.data ?? aiVideo.result;
  if (result) {
    const label = creation.data ? 'Storyboard video' : 'AI video';
    const hint = generatedVideoTexts.restartKeepsHint('the scenes, with their images and videos', creation.data ? 'Create Video' : 'Create AI Video');
    return <GeneratedVideo url={result} label={label} onRestart={() => window.location.reload()} restartHint={hint} onNext={() => void goNext(projectId)} />;
  }

  return (
    <div className="flex flex-col gap-5">
      {creation.isPending && <RenderProgress title={workflowMessages.generatingVideo} notice={storyboardTexts.estimate} />}
      {aiVideo.busy && (
        <RenderProgress title={storyboardAiVideoTexts.busy} notice={storyboardAiVideoTexts.estimate} percent={aiVideo.percent} progressLabel={storyboardAiVideoTexts.progressLabel} estimate={aiVideo.estimate} />
      )}
      <p className="text-muted">Edit the scenes if you like, then give every scene a video for Create Video, or images for Create AI Video (a scene without one gets a stock picture, or a title card of its words). Each scene plays while the voiceover says its part.</p>

      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={targetId} className="text-sm font-semibold">
            Add to scene
          </label>
          <select
            id={targetId}
            value={destination}
            onChange={(event) => setTarget(Number(event.target.value))}
            className="rounded-lg border border-gray-300 bg-white px-3 py-2.5 shadow-sm focus-visible:border-accent"
          >
            {sceneNumbers.map((n) => (
              <option key={n} value={n}>
                Scene {n}
                {scenes[n - 1]!.video ? ' (has a video)' : ''}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={() => setStockOpen(true)}>
          Search Stock Images/Videos
        </Button>
      </div>

      <ol aria-label="Scenes" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {scenes.map((scene, i) => (
          <SceneCard
            key={i}
            n={i + 1}
            scene={scene}
            onText={(text) => change(i, { text })}
            onBlur={() => save(i)}
            onImage={(file) => pickImage(i, file)}
            onVideo={(file) => pickVideo(i, file)}
          />
        ))}
      </ol>

      {shown && <Notice message={shown} />}
      {aiVideo.error && <Notice message={{ tone: 'error', text: aiVideo.error }} />}
      {aiVideo.ready && (
        <div className="flex flex-wrap items-center gap-3">
          <Notice message={{ tone: 'success', text: storyboardAiVideoTexts.ready }} />
          <Button variant="secondary" onClick={aiVideo.showReady}>
            {storyboardAiVideoTexts.showReady}
          </Button>
        </div>
      )}
      <div className="flex flex-col gap-3 md:max-w-xl">{choice.control}</div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={createAiVideo}>
          Create AI Video
        </Button>
        <Button onClick={createVideo}>Create Video</Button>
      </div>

      <StockSearchModal open={stockOpen} onClose={() => setStockOpen(false)} types={['image', 'video']} videoChoice="highest" onAdded={addStock} />
    </div>
  );
}
