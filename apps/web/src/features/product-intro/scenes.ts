import { introExtensionMax, introImagePolicy, introScenes, introTexts, isIntroSceneType, type IntroSceneType } from '@reelsmith/contracts';

/** One scene as the user is filling it in; the image's object URL is its thumbnail, freed when the image goes. */
export interface SceneDraft {
  type: IntroSceneType | '';
  extension: string;
  image: { file: File; previewUrl: string } | null;
  /** Why the last image picked was left out (too large), said next to the picker. */
  note: string | null;
}

/** A storyline to start from: the product, in a hand, in use, and a closing shot (any type may be chosen again). */
export const startingTypes: IntroSceneType[] = ['Hero Shot', 'Hand Showcase', 'Usage in Action', 'Dynamic Outro'];
export const startingScenes = (): SceneDraft[] => startingTypes.map((type) => ({ type, extension: '', image: null, note: null }));

export const isCustom = (type: SceneDraft['type']) => type !== '' && introScenes[type].custom;

/** What is wrong with a scene, per field, in the server's words (SPEC §5). */
export interface SceneProblems {
  type?: string;
  extension?: string;
  image?: string;
}

export interface SceneChoice {
  type: IntroSceneType;
  extension: string;
  file: File;
}

/**
 * SPEC §5: every scene needs a type and a file, and a custom one its details (at most 90 characters; a fixed one has
 * none). The choices to send, or each scene's problems (the transition always has a value: fade by default).
 */
export function checkScenes(scenes: SceneDraft[]): { choices: SceneChoice[] } | { problems: SceneProblems[]; first: string } {
  const problems = scenes.map((scene, i): SceneProblems => {
    const n = i + 1;
    const found: SceneProblems = {};
    if (scene.type === '') found.type = introTexts.needsType(n);
    else if (!isIntroSceneType(scene.type)) found.type = introTexts.unknownType(n);
    else if (isCustom(scene.type)) {
      if (scene.extension.length > introExtensionMax) found.extension = introTexts.extensionTooLong(n);
      else if (!scene.extension.trim()) found.extension = introTexts.needsExtension(n);
    }
    if (!scene.image) found.image = introTexts.needsImage(n);
    return found;
  });
  const first = problems.flatMap((p) => [p.type, p.extension]).find(Boolean) ?? problems.map((p) => p.image).find(Boolean);
  if (first) return { problems, first };
  return {
    choices: scenes.map((scene) => ({
      type: scene.type as IntroSceneType,
      // A fixed scene sends no details, whatever was typed while a custom type was chosen.
      extension: isCustom(scene.type) ? scene.extension.trim() : '',
      file: scene.image!.file,
    })),
  };
}

/** The picked file as the scene keeps it, or the server's words when it is over the limit. */
export function pickImage(file: File): Pick<SceneDraft, 'image' | 'note'> {
  if (file.size > introImagePolicy.maxBytes) return { image: null, note: introImagePolicy.tooLargeMessage() };
  return { image: { file, previewUrl: URL.createObjectURL(file) }, note: null };
}
