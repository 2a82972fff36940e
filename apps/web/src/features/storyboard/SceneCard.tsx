import { maxSceneChars } from '@reelsmith/contracts';
import { useId, type ChangeEvent } from 'react';
import { formatBytes } from '../../lib/bytes.ts';
import { videoName, videoSize, videoUrl, type Scene } from './scenes.ts';

// The browser's own "No file chosen" text is hidden (it does not fit a half-width column); the chosen file is shown below.
const fileInput =
  'w-full text-sm text-transparent file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-ink hover:file:bg-gray-50';

export interface SceneCardProps {
  n: number;
  scene: Scene;
  onText(text: string): void;
  /** The field lost focus: the page saves the text (SPEC §7 update-scene). */
  onBlur(): void;
  onImage(file: File): void;
  onVideo(file: File): void;
}

/** One of the six scenes: its text, an image and a video, each with a preview once chosen. */
export function SceneCard({ n, scene, onText, onBlur, onImage, onVideo }: SceneCardProps) {
  const id = useId();
  const picked = (take: (file: File) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared, so choosing the same file again after a refusal still counts as a change.
    event.currentTarget.value = '';
    if (file) take(file);
  };

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          Scene {n}
        </label>
        <textarea
          id={`${id}-text`}
          value={scene.text}
          rows={4}
          maxLength={maxSceneChars}
          onChange={(event) => onText(event.target.value)}
          onBlur={onBlur}
          className="w-full resize-y rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus-visible:border-accent"
        />
      </div>

      <div className="grid grid-cols-2 gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-image`} className="text-sm font-semibold">
            Image<span className="sr-only"> for scene {n}</span>
          </label>
          <input id={`${id}-image`} type="file" accept="image/*" onChange={picked(onImage)} className={fileInput} />
          {scene.image && (
            <>
              <img src={scene.image.previewUrl} alt={`Scene ${n} image`} className="aspect-[9/16] w-full rounded-lg bg-gray-100 object-cover" />
              <p className="truncate text-xs text-muted">{scene.image.name}</p>
            </>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-video`} className="text-sm font-semibold">
            Video<span className="sr-only"> for scene {n}</span>
          </label>
          <input id={`${id}-video`} type="file" accept="video/*" onChange={picked(onVideo)} className={fileInput} />
          {scene.video && (
            <>
              <video
                src={videoUrl(scene.video)}
                muted
                playsInline
                controls
                preload="metadata"
                aria-label={`Scene ${n} video`}
                className="aspect-[9/16] w-full rounded-lg bg-black object-cover"
              />
              <p className="truncate text-xs text-muted">
                {videoName(scene.video)} · {formatBytes(videoSize(scene.video))}
              </p>
            </>
          )}
        </div>
      </div>

      {scene.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {scene.error}
        </p>
      )}
    </li>
  );
}
