import { maxStoryboardVideoBytes, storyboardSceneCount, storyboardTexts, type SceneMedia } from '@reelsmith/contracts';

/** A scene's video: a file picked here (sent with Create Video), or one of the user's uploads (e.g. a stock video). */
export type SceneVideo = { kind: 'file'; file: File; previewUrl: string } | { kind: 'upload'; url: string; size: number; name: string };

/** A scene's image, shown as a thumbnail and sent with Create AI Video: a file picked here, or one of the user's uploads. */
export interface SceneImage {
  name: string;
  previewUrl: string;
  source: { kind: 'file'; file: File } | { kind: 'upload'; url: string };
}

export interface Scene {
  text: string;
  video: SceneVideo | null;
  image: SceneImage | null;
  /** The scene's own problem (a refused file), shown on its card. */
  error: string | null;
}

export const sceneNumbers = Array.from({ length: storyboardSceneCount }, (_, i) => i + 1);

/** The scenes as stored: their texts, and the image and video the user gave each one (their uploads). */
export function restoredScenes(texts: string[], media: SceneMedia[]): Scene[] {
  return texts.map((text, i) => {
    const { image = null, video = null } = media[i] ?? {};
    return {
      text,
      image: image && { name: image.name, previewUrl: image.url, source: { kind: 'upload', url: image.url } },
      video: video && { kind: 'upload', url: video.url, size: video.size, name: video.name },
      error: null,
    };
  });
}

export const videoSize = (video: SceneVideo) => (video.kind === 'file' ? video.file.size : video.size);
export const videoName = (video: SceneVideo) => (video.kind === 'file' ? video.file.name : video.name);
export const videoUrl = (video: SceneVideo) => (video.kind === 'file' ? video.previewUrl : video.url);

/** SPEC §5: a picked video is at most 8 MB ('File size exceeds 8MB limit.'). */
export function pickedVideoError(size: number): string | null {
  return size > maxStoryboardVideoBytes ? storyboardTexts.fileTooLarge : null;
}

/** SPEC §5: the image input takes images only ('Please upload a valid image file.'). */
export function pickedImageError(file: File): string | null {
  return file.type.startsWith('image/') ? null : storyboardTexts.invalidImage;
}

/** SPEC §5 Create Video: every scene, in order, needs a non-empty video of at most 8 MB; the first problem is shown. */
export function createVideoError(scenes: Pick<Scene, 'video'>[]): string | null {
  for (const [i, scene] of scenes.entries()) {
    const n = i + 1;
    if (!scene.video) return storyboardTexts.missingVideo(n);
    const size = videoSize(scene.video);
    if (size === 0) return storyboardTexts.emptyVideo(n);
    if (size > maxStoryboardVideoBytes) return storyboardTexts.videoTooLarge(n);
  }
  return null;
}

/** Where a video added from the stock search goes when the user has not picked a scene: the first without one. */
export function firstSceneWithoutVideo(scenes: Pick<Scene, 'video'>[]): number {
  const index = scenes.findIndex((scene) => !scene.video);
  return index < 0 ? 1 : index + 1;
}
